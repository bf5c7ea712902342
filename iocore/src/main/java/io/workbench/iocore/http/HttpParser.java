package io.workbench.iocore.http;

import static io.workbench.iocore.http.HttpTokens.CR;
import static io.workbench.iocore.http.HttpTokens.DIGIT;
import static io.workbench.iocore.http.HttpTokens.HEX;
import static io.workbench.iocore.http.HttpTokens.LF;
import static io.workbench.iocore.http.HttpTokens.SP;
import static io.workbench.iocore.http.HttpTokens.TARGET;
import static io.workbench.iocore.http.HttpTokens.TCHAR;
import static io.workbench.iocore.http.HttpTokens.VCHAR;
import static io.workbench.iocore.http.HttpTokens.WS;
import static io.workbench.iocore.http.HttpTokens.describe;

import io.workbench.iocore.state.Transitions;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * An incremental, strict HTTP/1.1 parser (RFC 9112) for requests or for responses.
 *
 * <p>Feed it whatever bytes have arrived: {@link #parse(ByteBuffer, Handler)} consumes what it
 * can, remembers where it is (a message may be split at any byte) and returns why it stopped:
 * {@link Progress#NEED_INPUT} (every byte consumed, the message is not finished),
 * {@link Progress#PAUSED} (the handler asked to stop after an event) or
 * {@link Progress#MESSAGE_COMPLETE}. It always stops at the end of a message, leaving the bytes
 * of a pipelined next message in the buffer, so the connection decides when to parse it: after
 * {@link #reset()}. Along the way the {@link Handler} hears three kinds of event: the head is
 * complete (start line and header fields, read from this parser's accessors), a piece of content,
 * the message is complete. When the input ends, {@link #endOfInput(Handler)} says whether that was
 * a clean close, the end of a body delimited by the close, or a truncated message.
 *
 * <p>Input that is not a valid message ends parsing with a {@link BadMessageException} that
 * carries the status to answer: a malformed start line or field, bare CR or LF, obs-fold,
 * whitespace before a colon, a missing or repeated Host, a bad Content-Length, Content-Length
 * with Transfer-Encoding, two different Content-Lengths, a request whose final transfer coding is
 * not chunked: 400; request line, header section, content over their {@link HttpLimits}: 414, 431,
 * 413; a coding we do not implement before a final chunked: 501; a version other than HTTP/1.0
 * and HTTP/1.1: 505; an unknown method: 501. After
 * that the parser stays failed: every later call throws the same exception, and it cannot be reset.
 *
 * <h2>The machine</h2>
 * <pre>
 *  START --request--> METHOD --SP--> TARGET --SP--> REQUEST_VERSION --CR---------------+
 *   | +--CR--> START_EMPTY_LF --LF--> START  (empty lines before a request line)       |
 *   +--response--> STATUS_VERSION --SP--> STATUS_CODE --SP--> REASON --CR--------------+
 *                                              +--CR-----------------------------------+--> START_LINE_LF
 *                                                                                                |LF
 *   +--------------------------------------------------------------------------------------------+
 *   v
 *  FIELD_START --tchar--> FIELD_NAME --:--> FIELD_VALUE_OWS --> FIELD_VALUE --CR--> FIELD_LF --LF--> FIELD_START
 *   |CR
 *   v
 *  SECTION_END_LF --LF--> (header section complete: framing decided, then headComplete)
 *     |--NONE-----------------------------------------------------> MESSAGE_END --> COMPLETE --reset()--> START
 *     |--CONTENT_LENGTH--> CONTENT --(the n bytes delivered)----------> MESSAGE_END
 *     |--UNTIL_CLOSE--> CONTENT_UNTIL_CLOSE --endOfInput()------------> MESSAGE_END
 *     +--CHUNKED--> CHUNK_SIZE --CR--> CHUNK_SIZE_LF
 *                   CHUNK_SIZE --;--> CHUNK_EXTENSION --CR--> CHUNK_SIZE_LF
 *                   CHUNK_SIZE --WS--> CHUNK_SIZE_WS --;--> CHUNK_EXTENSION
 *                   CHUNK_SIZE_LF --LF, size n--> CHUNK_DATA --(n bytes)--> CHUNK_DATA_CR --CR--> CHUNK_DATA_LF --LF--> CHUNK_SIZE
 *                   CHUNK_SIZE_LF --LF, size 0--> FIELD_START of the trailer section,
 *                                                 whose SECTION_END_LF --LF--> MESSAGE_END
 *  every state but COMPLETE, FAILED, CLOSED --bad input--> FAILED (for good)
 *  START, COMPLETE --endOfInput()--> CLOSED (for good)
 * </pre>
 * The allowed transitions are data ({@link #TRANSITIONS}), checked in the one method that changes the
 * state ({@link #moveTo}); a transition the table does not allow is a bug here and fails loudly.
 *
 * <h2>Cost</h2>
 * Bytes are examined by one table-driven loop per run ({@link HttpTokens#scan}), then copied in
 * bulk: the target into a small array, field names and values into {@link HttpFields}. The
 * method, the version and known field names become constants, never Strings; the target and
 * field values are decoded only when asked for. Content is never copied: the handler gets a
 * read-only view of the input. Once its arrays have grown to the messages it sees, parsing a
 * message allocates nothing.
 *
 * <p>Not thread-safe: one connection, one thread at a time.
 */
public final class HttpParser {

    /** Why {@link #parse} returned. */
    public enum Progress {
        /** Every byte of the input was consumed and the message is not complete: parse again when more arrives. */
        NEED_INPUT,
        /** The handler returned true from an event; bytes may remain in the input. Parse again to go on. */
        PAUSED,
        /** The message is complete; bytes after it (a pipelined message) remain in the input. {@link #reset()} before parsing them. */
        MESSAGE_COMPLETE,
        /** The input ended between messages ({@link #endOfInput(Handler)} only). */
        CLOSED
    }

    /**
     * What the parser reports. Called by the thread that calls {@link #parse}, from inside it.
     * Returning true from an event makes {@code parse} return {@link Progress#PAUSED} right after
     * it, for a connection that wants to act (dispatch a request, apply back-pressure) before the
     * rest is parsed.
     */
    public interface Handler {

        /**
         * The start line and the header section are parsed and valid; read them from
         * {@code parser} ({@link #method()}, {@link #target()}, {@link #status()},
         * {@link #fields()}, {@link #bodyFraming()}, {@link #isPersistent()}...). They stay valid
         * until {@link #reset()}.
         *
         * @return true to pause parsing after this event
         */
        boolean headComplete(HttpParser parser);

        /**
         * A piece of the content, with any chunked framing removed: a read-only view of the input
         * buffer (its position is where the piece starts), not a copy. The parser re-aims the same
         * view at the next piece, so it is valid until the next call to {@code parse} or
         * {@code reset} and as long as the caller leaves the input buffer alone: a handler that
         * pauses may keep using it until then, and copies what it keeps longer.
         *
         * @return true to pause parsing after this event
         */
        boolean content(HttpParser parser, ByteBuffer content);

        /** The message is complete; for a chunked body, {@link #trailers()} holds its trailer fields. */
        void messageComplete(HttpParser parser);
    }

    enum State {
        START, START_EMPTY_LF,
        METHOD, TARGET, REQUEST_VERSION,
        STATUS_VERSION, STATUS_CODE, REASON,
        START_LINE_LF,
        FIELD_START, FIELD_NAME, FIELD_VALUE_OWS, FIELD_VALUE, FIELD_LF, SECTION_END_LF,
        CONTENT, CONTENT_UNTIL_CLOSE,
        CHUNK_SIZE, CHUNK_SIZE_WS, CHUNK_EXTENSION, CHUNK_SIZE_LF, CHUNK_DATA, CHUNK_DATA_CR, CHUNK_DATA_LF,
        MESSAGE_END, COMPLETE, FAILED, CLOSED
    }

    /** The moves the parser may make, by state ordinal. */
    private static final Transitions TRANSITIONS = Transitions.over(State.class);

    static {
        TRANSITIONS.allow(State.START, State.START_EMPTY_LF, State.METHOD, State.STATUS_VERSION, State.CLOSED);
        TRANSITIONS.allow(State.START_EMPTY_LF, State.START);
        TRANSITIONS.allow(State.METHOD, State.TARGET);
        TRANSITIONS.allow(State.TARGET, State.REQUEST_VERSION);
        TRANSITIONS.allow(State.REQUEST_VERSION, State.START_LINE_LF);
        TRANSITIONS.allow(State.STATUS_VERSION, State.STATUS_CODE);
        TRANSITIONS.allow(State.STATUS_CODE, State.REASON, State.START_LINE_LF);
        TRANSITIONS.allow(State.REASON, State.START_LINE_LF);
        TRANSITIONS.allow(State.START_LINE_LF, State.FIELD_START);
        TRANSITIONS.allow(State.FIELD_START, State.FIELD_NAME, State.SECTION_END_LF);
        TRANSITIONS.allow(State.FIELD_NAME, State.FIELD_VALUE_OWS);
        TRANSITIONS.allow(State.FIELD_VALUE_OWS, State.FIELD_VALUE);
        TRANSITIONS.allow(State.FIELD_VALUE, State.FIELD_LF);
        TRANSITIONS.allow(State.FIELD_LF, State.FIELD_START);
        TRANSITIONS.allow(State.SECTION_END_LF, State.CONTENT, State.CONTENT_UNTIL_CLOSE, State.CHUNK_SIZE, State.MESSAGE_END);
        TRANSITIONS.allow(State.CONTENT, State.MESSAGE_END);
        TRANSITIONS.allow(State.CONTENT_UNTIL_CLOSE, State.MESSAGE_END);
        TRANSITIONS.allow(State.CHUNK_SIZE, State.CHUNK_SIZE_WS, State.CHUNK_EXTENSION, State.CHUNK_SIZE_LF);
        TRANSITIONS.allow(State.CHUNK_SIZE_WS, State.CHUNK_EXTENSION);
        TRANSITIONS.allow(State.CHUNK_EXTENSION, State.CHUNK_SIZE_LF);
        TRANSITIONS.allow(State.CHUNK_SIZE_LF, State.CHUNK_DATA, State.FIELD_START);
        TRANSITIONS.allow(State.CHUNK_DATA, State.CHUNK_DATA_CR);
        TRANSITIONS.allow(State.CHUNK_DATA_CR, State.CHUNK_DATA_LF);
        TRANSITIONS.allow(State.CHUNK_DATA_LF, State.CHUNK_SIZE);
        TRANSITIONS.allow(State.MESSAGE_END, State.COMPLETE);
        TRANSITIONS.allow(State.COMPLETE, State.START, State.CLOSED);
        for (State state : State.values()) {
            if (state != State.COMPLETE && state != State.FAILED && state != State.CLOSED) {
                TRANSITIONS.allow(state, State.FAILED);
            }
        }
    }

    private static final System.Logger LOG = System.getLogger(HttpParser.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);
    private static final byte[] NO_BYTES = {};
    /** A target array larger than this is dropped by {@link #reset()} rather than kept for the next message. */
    private static final int RETAINED_TARGET_BYTES = 1024;

    private final boolean requests;
    private final HttpLimits limits;
    private final HttpFields fields = new HttpFields();
    private final HttpFields trailers = new HttpFields();
    private final MessageFraming framing = new MessageFraming();

    private State state = State.START;
    private BadMessageException failure;

    // The start line. A method or version is packed into a long as it arrives, then looked up.
    private long packed;
    private int tokenLength;
    private int lineBytes;
    private HttpMethod method;
    private HttpVersion version;
    private int status;
    private byte[] target = NO_BYTES;
    private int targetLength;
    /**
     * The target, path and query as Strings. They outlive {@link #reset()}: the next message that
     * has the same method and target bytes (a keep-alive client repeating its request) reuses
     * them instead of decoding new ones. {@code decoded} says whether they belong to this message.
     */
    private String targetString;
    private String pathString;
    private String queryString;
    private boolean queryKnown;
    private HttpMethod decodedMethod;
    private boolean decoded;
    /** The method of the request a response parser is reading the answer to. */
    private HttpMethod requestMethod = HttpMethod.GET;

    // The field section being read: the header fields, then, for a chunked body, the trailer fields.
    private HttpFields section = fields;
    private int sectionBytes;
    private boolean headComplete;

    // The body.
    /** Bytes left of the Content-Length content or of the current chunk. */
    private long remaining;
    /** Content bytes so far, or announced by chunk sizes so far, for the content limit. */
    private long received;
    private long chunkSize;
    private int chunkDigits;
    private int chunkLineBytes;
    /**
     * A read-only view of the input, re-aimed at each piece of content of a message instead of
     * slicing a new one; dropped by {@link #reset()} so that an idle parser holds no input buffer,
     * unless {@link #retainContentView()} was called.
     */
    private ByteBuffer view;
    private ByteBuffer viewSource;
    private boolean retainView;
    /**
     * While {@link #parse} runs on a heap buffer: its backing array and offset, so that bytes are
     * read and copied from the array directly. Null otherwise, and between calls, for the same reason.
     */
    private byte[] heap;
    private int heapOffset;

    private HttpParser(boolean requests, HttpLimits limits) {
        this.requests = requests;
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** A parser of requests, as a server reads them, with the default limits. */
    public static HttpParser forRequests() {
        return forRequests(HttpLimits.DEFAULT);
    }

    /** A parser of requests, as a server reads them. */
    public static HttpParser forRequests(HttpLimits limits) {
        return new HttpParser(true, limits);
    }

    /** A parser of responses, as a client reads them, with the default limits. */
    public static HttpParser forResponses() {
        return forResponses(HttpLimits.DEFAULT);
    }

    /**
     * A parser of responses, as a client reads them. Before each response, tell it the method of
     * the request it answers ({@link #expectResponseTo(HttpMethod)}; GET if not told).
     */
    public static HttpParser forResponses(HttpLimits limits) {
        return new HttpParser(false, limits);
    }

    /**
     * Parses what it can of {@code input}, from its position to its limit, advancing the position
     * over what it consumed.
     *
     * @return why it stopped; see {@link Progress}
     * @throws BadMessageException if the input is not a valid message; the parser is then failed for good
     * @throws IllegalStateException after {@link Progress#MESSAGE_COMPLETE} without {@link #reset()}, or after the input ended
     */
    public Progress parse(ByteBuffer input, Handler handler) throws BadMessageException {
        Objects.requireNonNull(handler, "handler");
        checkParsable();
        if (input.hasArray()) {
            heap = input.array();
            heapOffset = input.arrayOffset();
        }
        try {
            // Each state's method consumes what it can. Within a line it goes straight on to the next
            // state's method while bytes are there; every line ends back here, so the stack stays a
            // few frames deep however many lines a message has.
            while (true) {
                Progress progress = switch (state) {
                    case START -> start(input);
                    case START_EMPTY_LF -> emptyLineEnd(input);
                    case METHOD -> method(input);
                    case TARGET -> target(input);
                    case REQUEST_VERSION -> requestVersion(input);
                    case STATUS_VERSION -> statusVersion(input);
                    case STATUS_CODE -> statusCode(input);
                    case REASON -> reason(input);
                    case START_LINE_LF -> startLineEnd(input);
                    case FIELD_START -> fieldStart(input);
                    case FIELD_NAME -> fieldName(input);
                    case FIELD_VALUE_OWS -> fieldValueWhitespace(input);
                    case FIELD_VALUE -> fieldValue(input);
                    case FIELD_LF -> fieldEnd(input);
                    case SECTION_END_LF -> sectionEnd(input, handler);
                    case CONTENT, CHUNK_DATA -> content(input, handler);
                    case CONTENT_UNTIL_CLOSE -> contentUntilClose(input, handler);
                    case CHUNK_SIZE -> chunkSize(input);
                    case CHUNK_SIZE_WS -> chunkSizeWhitespace(input);
                    case CHUNK_EXTENSION -> chunkExtension(input);
                    case CHUNK_SIZE_LF -> chunkSizeEnd(input);
                    case CHUNK_DATA_CR -> chunkDataEnd(input, CR, State.CHUNK_DATA_LF);
                    case CHUNK_DATA_LF -> chunkDataEnd(input, LF, State.CHUNK_SIZE);
                    case MESSAGE_END -> messageEnd(handler);
                    case COMPLETE, FAILED, CLOSED -> throw new IllegalStateException(toString());
                };
                if (progress != null) {
                    return progress;
                }
            }
        } catch (BadMessageException x) {
            failed(x);
            throw x;
        } finally {
            heap = null;
        }
    }

    /**
     * The input has ended (the peer closed or shut down its output).
     *
     * @return {@link Progress#CLOSED} if no message was under way; {@link Progress#MESSAGE_COMPLETE}
     *         (after telling the handler) if the message was a response delimited by the close
     * @throws BadMessageException if a message was under way: it was truncated
     */
    public Progress endOfInput(Handler handler) throws BadMessageException {
        Objects.requireNonNull(handler, "handler");
        switch (state) {
            case FAILED -> throw failure;
            case CLOSED -> {
                return Progress.CLOSED;
            }
            case START, COMPLETE -> {
                moveTo(State.CLOSED);
                return Progress.CLOSED;
            }
            case CONTENT_UNTIL_CLOSE -> {
                moveTo(State.MESSAGE_END);
                return messageEnd(handler);
            }
            case MESSAGE_END -> {
                return messageEnd(handler);
            }
            default -> {
                BadMessageException truncated = new BadMessageException(HttpStatus.BAD_REQUEST,
                        "the input ended inside a message (" + state + ")");
                failed(truncated);
                throw truncated;
            }
        }
    }

    /**
     * Makes the parser ready for the next message, after {@link Progress#MESSAGE_COMPLETE}. What
     * was parsed of the previous message (fields, target, trailers) is forgotten.
     *
     * @throws IllegalStateException if a message is under way, the parser failed or the input ended
     */
    public void reset() {
        switch (state) {
            case START, COMPLETE -> {
            }
            case FAILED -> throw new IllegalStateException("the parser failed (" + failure.getMessage()
                    + "): where the next message starts is unknown, so the connection must close");
            case CLOSED -> throw new IllegalStateException("the input has ended");
            default -> throw new IllegalStateException("reset() in the middle of a message: " + this);
        }
        packed = 0;
        tokenLength = 0;
        lineBytes = 0;
        method = null;
        version = null;
        status = 0;
        targetLength = 0;
        decoded = false;
        if (target.length > RETAINED_TARGET_BYTES) {
            target = NO_BYTES;
        }
        fields.clear();
        trailers.clear();
        framing.reset();
        section = fields;
        sectionBytes = 0;
        headComplete = false;
        remaining = 0;
        received = 0;
        chunkSize = 0;
        chunkDigits = 0;
        chunkLineBytes = 0;
        if (!retainView) {
            view = null;
            viewSource = null;
        }
        requestMethod = HttpMethod.GET;
        if (state != State.START) {
            moveTo(State.START);
        }
    }

    /**
     * Keeps the read-only view of the input that content is handed out through from one message to
     * the next, instead of dropping it at {@link #reset()}: for an owner that reads every message
     * into the same buffer for as long as the parser lives (a client connection keeps one input
     * buffer), so that a message with content allocates nothing. The parser then holds a reference
     * to that buffer between messages, which the owner holds anyway. Off by default.
     *
     * @return this parser
     */
    public HttpParser retainContentView() {
        retainView = true;
        return this;
    }

    /**
     * Response parsers only: the next response answers a request with this method, which decides
     * whether it has a body (a response to HEAD has none). Call it before the response's first
     * byte, after {@link #reset()}; a response nobody told the parser about answers a GET.
     */
    public void expectResponseTo(HttpMethod requestMethod) {
        if (requests) {
            throw new IllegalStateException("a request parser reads no responses");
        }
        if (state != State.START) {
            throw new IllegalStateException("a response is already under way: " + this);
        }
        this.requestMethod = Objects.requireNonNull(requestMethod, "requestMethod");
    }

    // --- the start line --------------------------------------------------------------------------

    private Progress start(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        if (pos == in.limit()) {
            return Progress.NEED_INPUT;
        }
        if (!requests) {
            moveTo(State.STATUS_VERSION);
            return statusVersion(in);
        }
        // RFC 9112 section 2.2: a server ought to ignore empty lines before a request line.
        byte b = byteAt(in, pos);
        if (b == CR) {
            in.position(pos + 1);
            moveTo(State.START_EMPTY_LF);
            return null;
        }
        if (b == LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare LF before the request line");
        }
        lineBytes = 0;
        moveTo(State.METHOD);
        return method(in);
    }

    private Progress emptyLineEnd(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        if (pos == in.limit()) {
            return Progress.NEED_INPUT;
        }
        if (byteAt(in, pos) != LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare CR before the request line");
        }
        lineBytes += 2;
        if (lineBytes > limits.maxStartLineLength()) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "more than " + limits.maxStartLineLength() + " bytes of empty lines before the request line");
        }
        in.position(pos + 1);
        moveTo(State.START);
        return null;
    }

    private Progress method(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        // No more of the token than one byte past the longest method: the request is refused there
        // (501), after the same bytes and with the same reason however the token arrives, and never
        // for a request line too long (414) that it only became by reading past that byte.
        int end = scan(in, pos, Math.min(limit, pos + HttpMethod.MAX_LENGTH + 1 - tokenLength), TCHAR);
        pack(in, pos, end);
        countStartLine(end - pos);
        if (tokenLength > HttpMethod.MAX_LENGTH) {
            throw new BadMessageException(HttpStatus.NOT_IMPLEMENTED, "unknown method " + unpack() + "...");
        }
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (b != SP || tokenLength == 0) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, tokenLength == 0
                    ? "the request line starts with " + describe(b)
                    : "invalid character " + describe(b) + " in the method");
        }
        method = HttpMethod.lookup(packed, tokenLength);
        if (method == null) {
            throw new BadMessageException(HttpStatus.NOT_IMPLEMENTED, "unknown method " + unpack());
        }
        countStartLine(1);
        in.position(end + 1);
        moveTo(State.TARGET);
        return target(in);
    }

    private Progress target(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, TARGET);
        countStartLine(end - pos);
        appendTarget(in, pos, end - pos);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (b == SP) {
            if (targetLength == 0) {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, "empty request target");
            }
            checkTargetForm();
            countStartLine(1);
            in.position(end + 1);
            packed = 0;
            tokenLength = 0;
            moveTo(State.REQUEST_VERSION);
            return requestVersion(in);
        }
        if (b == CR || b == LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "the request line has no HTTP version");
        }
        throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid character " + describe(b) + " in the request target");
    }

    /** RFC 9112 section 3.2: origin-form for any method, absolute-form, authority-form for CONNECT only, asterisk-form for OPTIONS only. */
    private void checkTargetForm() throws BadMessageException {
        byte first = target[0];
        if (method == HttpMethod.CONNECT) {
            if (first == '/' || first == '*') {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, "CONNECT needs an authority-form target (host:port)");
            }
            return;
        }
        if (first == '/') {
            return;
        }
        if (first == '*') {
            if (targetLength == 1 && method == HttpMethod.OPTIONS) {
                return;
            }
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "the asterisk-form target is exactly '*' and only for OPTIONS");
        }
        if (schemeEnd() < 0) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "the request target is neither a path nor an absolute URI");
        }
    }

    /** @return the index of the ':' that ends the scheme of an absolute-form target, or -1 if the target does not start with a scheme */
    private int schemeEnd() {
        if (!isAlpha(target[0])) {
            return -1;
        }
        for (int i = 1; i < targetLength; i++) {
            byte b = target[i];
            if (b == ':') {
                return i;
            }
            if (!isAlpha(b) && !(b >= '0' && b <= '9') && b != '+' && b != '-' && b != '.') {
                return -1;
            }
        }
        return -1;
    }

    private static boolean isAlpha(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    }

    private Progress requestVersion(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, VCHAR);
        pack(in, pos, end);
        countStartLine(end - pos);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (b == CR) {
            if (tokenLength == 0) {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, "empty HTTP version in the request line");
            }
            version = HttpVersion.lookup(packed, tokenLength);
            if (version == null) {
                throw new BadMessageException(HttpStatus.HTTP_VERSION_NOT_SUPPORTED, "unsupported HTTP version " + unpack());
            }
            in.position(end + 1);
            moveTo(State.START_LINE_LF);
            return startLineEnd(in);
        }
        if (b == SP) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "the request line has more than three parts");
        }
        if (b == LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare LF ends the request line");
        }
        throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid character " + describe(b) + " in the HTTP version");
    }

    private Progress statusVersion(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, VCHAR);
        pack(in, pos, end);
        countStartLine(end - pos);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (b != SP || tokenLength == 0) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "malformed status line: " + describe(b) + " where the space after the version belongs");
        }
        version = HttpVersion.lookup(packed, tokenLength);
        if (version == null) {
            throw new BadMessageException(HttpStatus.HTTP_VERSION_NOT_SUPPORTED, "unsupported HTTP version " + unpack());
        }
        countStartLine(1);
        in.position(end + 1);
        tokenLength = 0;
        moveTo(State.STATUS_CODE);
        return statusCode(in);
    }

    private Progress statusCode(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, DIGIT);
        for (int i = pos; i < end; i++) {
            if (++tokenLength > 3) {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, "the status code has more than three digits");
            }
            status = status * 10 + byteAt(in, i) - '0';
        }
        countStartLine(end - pos);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (tokenLength != 3 || (b != SP && b != CR)) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "malformed status code: " + describe(b) + " after " + tokenLength + " digits");
        }
        if (!HttpStatus.isValid(status)) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "status code " + status + " is not in [100, 599]");
        }
        in.position(end + 1);
        if (b == SP) {
            countStartLine(1);
            moveTo(State.REASON);
            return reason(in);
        }
        // No reason phrase and no space before it: tolerated, a client ignores the reason anyway.
        moveTo(State.START_LINE_LF);
        return startLineEnd(in);
    }

    private Progress reason(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, VCHAR | WS);
        countStartLine(end - pos);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (b != CR) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, b == LF ? "bare LF ends the status line" : "invalid character " + describe(b) + " in the reason phrase");
        }
        in.position(end + 1);
        moveTo(State.START_LINE_LF);
        return startLineEnd(in);
    }

    private Progress startLineEnd(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        if (pos == in.limit()) {
            return Progress.NEED_INPUT;
        }
        if (byteAt(in, pos) != LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare CR in the start line");
        }
        in.position(pos + 1);
        moveTo(State.FIELD_START);
        return fieldStart(in);
    }

    private void pack(ByteBuffer in, int from, int to) {
        // Only the first 8 bytes are kept: nothing longer is a method or a version we know.
        for (int i = from; i < to && tokenLength + i - from < 8; i++) {
            packed = packed << 8 | (byteAt(in, i) & 0xFF);
        }
        tokenLength += to - from;
    }

    private String unpack() {
        int length = Math.min(tokenLength, 8);
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (packed >>> (8 * (length - 1 - i)));
        }
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        return tokenLength > 8 ? text + "..." : text;
    }

    private void countStartLine(int bytes) throws BadMessageException {
        lineBytes += bytes;
        if (lineBytes > limits.maxStartLineLength()) {
            throw new BadMessageException(HttpStatus.URI_TOO_LONG,
                    (requests ? "request line" : "status line") + " longer than " + limits.maxStartLineLength() + " bytes");
        }
    }

    private void appendTarget(ByteBuffer in, int from, int length) {
        if (targetLength + length > target.length) {
            target = Arrays.copyOf(target, Math.max(Math.max(16, target.length * 2), targetLength + length));
        }
        if (heap != null) {
            System.arraycopy(heap, heapOffset + from, target, targetLength, length);
        } else {
            in.get(from, target, targetLength, length);
        }
        targetLength += length;
    }

    // --- the header and trailer sections -------------------------------------------------------------

    private Progress fieldStart(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        if (pos == in.limit()) {
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, pos);
        if (b == CR) {
            in.position(pos + 1);
            moveTo(State.SECTION_END_LF);
            return null;
        }
        if (HttpTokens.is(b, TCHAR)) {
            section.startField();
            moveTo(State.FIELD_NAME);
            return fieldName(in);
        }
        if (HttpTokens.is(b, WS)) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, section == fields && fields.isEmpty()
                    ? "whitespace between the start line and the first field"
                    : "obs-fold: a field line starts with whitespace");
        }
        if (b == LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare LF in the " + sectionName());
        }
        throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid character " + describe(b) + " at the start of a field name");
    }

    private Progress fieldName(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, TCHAR);
        countSection(end - pos);
        copy(in, pos, end - pos, section);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (b == ':') {
            countSection(1);
            section.endName();
            in.position(end + 1);
            moveTo(State.FIELD_VALUE_OWS);
            return fieldValueWhitespace(in);
        }
        if (HttpTokens.is(b, WS)) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "whitespace between a field name and its colon");
        }
        if (b == CR || b == LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "a field line without a colon");
        }
        throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid character " + describe(b) + " in a field name");
    }

    private Progress fieldValueWhitespace(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, WS);
        countSection(end - pos);
        in.position(end);
        if (end == limit) {
            return Progress.NEED_INPUT;
        }
        moveTo(State.FIELD_VALUE);
        return fieldValue(in);
    }

    private Progress fieldValue(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, VCHAR | WS);
        countSection(end - pos);
        copy(in, pos, end - pos, section);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (b == CR) {
            countSection(1);
            in.position(end + 1);
            moveTo(State.FIELD_LF);
            return fieldEnd(in);
        }
        if (b == LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare LF ends a field line");
        }
        throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid character " + describe(b) + " in a field value");
    }

    private Progress fieldEnd(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        if (pos == in.limit()) {
            return Progress.NEED_INPUT;
        }
        if (byteAt(in, pos) != LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare CR in a field line");
        }
        countSection(1);
        in.position(pos + 1);
        section.endField();
        if (section == fields) {
            framing.onField(requests, fields, fields.size() - 1);
        }
        moveTo(State.FIELD_START);
        return null;
    }

    private Progress sectionEnd(ByteBuffer in, Handler handler) throws BadMessageException {
        int pos = in.position();
        if (pos == in.limit()) {
            return Progress.NEED_INPUT;
        }
        if (byteAt(in, pos) != LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare CR at the end of the " + sectionName());
        }
        in.position(pos + 1);
        if (section == trailers) {
            moveTo(State.MESSAGE_END);
            return null;
        }
        if (requests) {
            framing.decideRequest(version, limits);
        } else {
            framing.decideResponse(version, status, requestMethod, limits);
        }
        switch (framing.framing()) {
            case NONE -> moveTo(State.MESSAGE_END);
            case CONTENT_LENGTH -> {
                remaining = framing.contentLength();
                moveTo(remaining == 0 ? State.MESSAGE_END : State.CONTENT);
            }
            case CHUNKED -> moveTo(State.CHUNK_SIZE);
            case UNTIL_CLOSE -> moveTo(State.CONTENT_UNTIL_CLOSE);
        }
        headComplete = true;
        return handler.headComplete(this) ? Progress.PAUSED : null;
    }

    private void countSection(int bytes) throws BadMessageException {
        sectionBytes += bytes;
        if (sectionBytes > limits.maxHeaderBytes()) {
            throw new BadMessageException(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    sectionName() + " larger than " + limits.maxHeaderBytes() + " bytes");
        }
    }

    private String sectionName() {
        return section == fields ? "header section" : "trailer section";
    }

    // --- the body ------------------------------------------------------------------------------------

    /** CONTENT and CHUNK_DATA: deliver up to {@link #remaining} bytes. */
    private Progress content(ByteBuffer in, Handler handler) {
        State next = state == State.CONTENT ? State.MESSAGE_END : State.CHUNK_DATA_CR;
        int pos = in.position();
        int available = in.limit() - pos;
        if (available == 0) {
            return Progress.NEED_INPUT;
        }
        int length = (int) Math.min(remaining, available);
        remaining -= length;
        in.position(pos + length);
        if (remaining == 0) {
            moveTo(next);
        }
        return handler.content(this, view(in, pos, length)) ? Progress.PAUSED : null;
    }

    private Progress contentUntilClose(ByteBuffer in, Handler handler) throws BadMessageException {
        int pos = in.position();
        int available = in.limit() - pos;
        if (available == 0) {
            return Progress.NEED_INPUT;
        }
        if (available > limits.maxContentLength() - received) {
            throw new BadMessageException(HttpStatus.CONTENT_TOO_LARGE, "content longer than " + limits.maxContentLength() + " bytes");
        }
        received += available;
        in.position(pos + available);
        return handler.content(this, view(in, pos, available)) ? Progress.PAUSED : null;
    }

    private ByteBuffer view(ByteBuffer in, int from, int length) {
        if (viewSource != in) {
            view = in.asReadOnlyBuffer();
            viewSource = in;
        }
        view.limit(from + length).position(from);
        return view;
    }

    private Progress chunkSize(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        // No more digits than the chunk line may still hold, plus one: whichever limit a digit breaks
        // first (the content's, 413, or the chunk line's, 400) is the one refused, however the line arrives.
        int end = scan(in, pos, (int) Math.min(limit, pos + (long) limits.maxChunkLineLength() - chunkLineBytes + 1), HEX);
        for (int i = pos; i < end; i++) {
            if (chunkSize > Long.MAX_VALUE >> 4) {
                throw new BadMessageException(HttpStatus.BAD_REQUEST, "chunk size does not fit in 63 bits");
            }
            chunkSize = chunkSize << 4 | HttpTokens.hexValue(byteAt(in, i));
            if (chunkSize > limits.maxContentLength() - received) {
                throw new BadMessageException(HttpStatus.CONTENT_TOO_LARGE, "chunked content longer than " + limits.maxContentLength() + " bytes");
            }
        }
        chunkDigits += end - pos;
        countChunkLine(end - pos);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (chunkDigits == 0) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid character " + describe(b) + " where a chunk size belongs");
        }
        if (b == CR) {
            in.position(end + 1);
            moveTo(State.CHUNK_SIZE_LF);
            return null;
        }
        if (b == ';' || HttpTokens.is(b, WS)) {
            countChunkLine(1);
            in.position(end + 1);
            moveTo(b == ';' ? State.CHUNK_EXTENSION : State.CHUNK_SIZE_WS);
            return null;
        }
        throw new BadMessageException(HttpStatus.BAD_REQUEST, "invalid character " + describe(b) + " after a chunk size");
    }

    /** BWS after the size is allowed only before a chunk extension (RFC 9112 section 7.1.1). */
    private Progress chunkSizeWhitespace(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, WS);
        countChunkLine(end - pos);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        if (byteAt(in, end) != ';') {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "whitespace after a chunk size without a chunk extension");
        }
        countChunkLine(1);
        in.position(end + 1);
        moveTo(State.CHUNK_EXTENSION);
        return null;
    }

    /** Chunk extensions are ignored, but must be made of visible characters and whitespace, within the chunk line limit. */
    private Progress chunkExtension(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        int limit = in.limit();
        int end = scan(in, pos, limit, VCHAR | WS);
        countChunkLine(end - pos);
        if (end == limit) {
            in.position(end);
            return Progress.NEED_INPUT;
        }
        byte b = byteAt(in, end);
        if (b != CR) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, b == LF ? "bare LF ends a chunk line" : "invalid character " + describe(b) + " in a chunk extension");
        }
        in.position(end + 1);
        moveTo(State.CHUNK_SIZE_LF);
        return null;
    }

    private Progress chunkSizeEnd(ByteBuffer in) throws BadMessageException {
        int pos = in.position();
        if (pos == in.limit()) {
            return Progress.NEED_INPUT;
        }
        if (byteAt(in, pos) != LF) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "bare CR in a chunk line");
        }
        in.position(pos + 1);
        if (chunkSize == 0) {
            section = trailers;
            sectionBytes = 0;
            moveTo(State.FIELD_START);
        } else {
            remaining = chunkSize;
            received += chunkSize;
            moveTo(State.CHUNK_DATA);
        }
        chunkSize = 0;
        chunkDigits = 0;
        chunkLineBytes = 0;
        return null;
    }

    /** CHUNK_DATA_CR and CHUNK_DATA_LF: the CRLF after the data of a chunk. */
    private Progress chunkDataEnd(ByteBuffer in, byte expected, State next) throws BadMessageException {
        int pos = in.position();
        if (pos == in.limit()) {
            return Progress.NEED_INPUT;
        }
        if (byteAt(in, pos) != expected) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "chunk data not followed by CRLF (more data than the chunk size says?)");
        }
        in.position(pos + 1);
        moveTo(next);
        return null;
    }

    private void countChunkLine(int bytes) throws BadMessageException {
        chunkLineBytes += bytes;
        if (chunkLineBytes > limits.maxChunkLineLength()) {
            throw new BadMessageException(HttpStatus.BAD_REQUEST, "chunk line longer than " + limits.maxChunkLineLength() + " bytes");
        }
    }

    private Progress messageEnd(Handler handler) {
        moveTo(State.COMPLETE);
        handler.messageComplete(this);
        return Progress.MESSAGE_COMPLETE;
    }

    // --- reading the input ---------------------------------------------------------------------------

    private byte byteAt(ByteBuffer in, int index) {
        byte[] array = heap;
        return array != null ? array[heapOffset + index] : in.get(index);
    }

    private int scan(ByteBuffer in, int from, int to, int classes) {
        byte[] array = heap;
        return array != null ? HttpTokens.scan(array, heapOffset, from, to, classes) : HttpTokens.scan(in, from, to, classes);
    }

    private void copy(ByteBuffer in, int from, int length, HttpFields into) {
        if (heap != null) {
            into.append(heap, heapOffset + from, length);
        } else {
            into.append(in, from, length);
        }
    }

    // --- state -------------------------------------------------------------------------------------

    private void checkParsable() throws BadMessageException {
        switch (state) {
            case FAILED -> throw failure;
            case COMPLETE -> throw new IllegalStateException("the message is complete: reset() before parsing the next one");
            case CLOSED -> throw new IllegalStateException("the input has ended");
            default -> {
            }
        }
    }

    private void failed(BadMessageException cause) {
        if (state != State.FAILED) {
            failure = cause;
            moveTo(State.FAILED);
            if (DEBUG) {
                LOG.log(System.Logger.Level.DEBUG, "bad message: {0} {1}", cause.getMessage(), this);
            }
        }
    }

    /** The one place the state changes, checked against {@link #TRANSITIONS}. */
    private void moveTo(State next) {
        State current = state;
        boolean allowed = TRANSITIONS.allows(current.ordinal(), next.ordinal());
        if (DEBUG) {
            LOG.log(System.Logger.Level.DEBUG, "{0}{1}{2} {3}", current, allowed ? "-->" : "!->", next, this);
        }
        if (!allowed) {
            throw new IllegalStateException(current + "!->" + next + " in " + this);
        }
        state = next;
    }

    // --- what was parsed ------------------------------------------------------------------------------

    /** @return whether this parser reads requests (else responses) */
    public boolean parsesRequests() {
        return requests;
    }

    public HttpLimits limits() {
        return limits;
    }

    /** @return the method of the request (request parsers, once the head is complete) */
    public HttpMethod method() {
        requireHead(true);
        return method;
    }

    /** @return the request-target exactly as received (request parsers, once the head is complete); decoded once, and reused for a next message with the same bytes */
    public String target() {
        requireHead(true);
        decodeTarget();
        return targetString;
    }

    /** Decodes the target once per message, or recognises it as the previous message's. */
    private void decodeTarget() {
        if (decoded) {
            return;
        }
        decoded = true;
        if (method == decodedMethod && targetString != null && sameAsTarget(targetString)) {
            return;
        }
        decodedMethod = method;
        targetString = new String(target, 0, targetLength, StandardCharsets.ISO_8859_1);
        pathString = null;
        queryString = null;
        queryKnown = false;
    }

    private boolean sameAsTarget(String text) {
        if (text.length() != targetLength) {
            return false;
        }
        for (int i = 0; i < targetLength; i++) {
            if (text.charAt(i) != (char) (target[i] & 0xFF)) {
                return false;
            }
        }
        return true;
    }

    /**
     * @return the path of the request-target, not percent-decoded: for origin-form the part before
     *         {@code ?}; for absolute-form the part after the authority ({@code /} if empty);
     *         {@code *} for asterisk-form; empty for CONNECT's authority-form
     */
    public String path() {
        requireHead(true);
        decodeTarget();
        if (pathString == null) {
            pathString = decodePath();
        }
        return pathString;
    }

    private String decodePath() {
        int start = pathStart();
        int end = start;
        while (end < targetLength && target[end] != '?') {
            end++;
        }
        if (start == end && method != HttpMethod.CONNECT) {
            return "/";
        }
        return new String(target, start, end - start, StandardCharsets.ISO_8859_1);
    }

    /** @return the query of the request-target (after the first {@code ?}, not decoded), or null if it has none */
    public String query() {
        requireHead(true);
        decodeTarget();
        if (!queryKnown) {
            queryString = decodeQuery();
            queryKnown = true;
        }
        return queryString;
    }

    private String decodeQuery() {
        for (int i = 0; i < targetLength; i++) {
            if (target[i] == '?') {
                return new String(target, i + 1, targetLength - i - 1, StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private int pathStart() {
        if (method == HttpMethod.CONNECT) {
            return targetLength;
        }
        byte first = target[0];
        if (first == '/' || first == '*') {
            return 0;
        }
        int afterScheme = schemeEnd() + 1;
        if (afterScheme + 1 < targetLength && target[afterScheme] == '/' && target[afterScheme + 1] == '/') {
            int i = afterScheme + 2;
            while (i < targetLength && target[i] != '/' && target[i] != '?') {
                i++;
            }
            return i;
        }
        return afterScheme;
    }

    /** @return the status code of the response (response parsers, once the head is complete) */
    public int status() {
        requireHead(false);
        return status;
    }

    /** @return the version of the message, once the head is complete */
    public HttpVersion version() {
        requireHead(null);
        return version;
    }

    /** @return the header fields, once the head is complete; valid until {@link #reset()} */
    public HttpFields fields() {
        requireHead(null);
        return fields;
    }

    /** @return the trailer fields of a chunked body (empty otherwise), complete once the message is */
    public HttpFields trailers() {
        requireHead(null);
        return trailers;
    }

    /** @return how the body of the message is delimited, once the head is complete */
    public BodyFraming bodyFraming() {
        requireHead(null);
        return framing.framing();
    }

    /** @return the Content-Length of the message, or -1 if it had none, once the head is complete */
    public long contentLength() {
        requireHead(null);
        return framing.contentLength();
    }

    /**
     * @return whether the connection may carry another message after this one (RFC 9112 section
     *         9.3): HTTP/1.1 unless {@code Connection: close}, HTTP/1.0 only with
     *         {@code Connection: keep-alive}, never after a response delimited by the close
     */
    public boolean isPersistent() {
        requireHead(null);
        return framing.persistent();
    }

    /** @return true from the moment the head is complete until {@link #reset()} */
    public boolean isHeadComplete() {
        return headComplete;
    }

    /** @return true once the message is complete, until {@link #reset()} */
    public boolean isMessageComplete() {
        return state == State.COMPLETE;
    }

    /** @return true once the parser has failed on a bad message; it cannot be used again */
    public boolean isFailed() {
        return state == State.FAILED;
    }

    private void requireHead(Boolean requestSide) {
        if (requestSide != null && requestSide != requests) {
            throw new IllegalStateException(requests ? "a request has no status" : "a response has no method or target");
        }
        if (!headComplete) {
            throw new IllegalStateException("the head is not complete yet: " + this);
        }
    }

    @Override
    public String toString() {
        return "HttpParser@" + Integer.toHexString(System.identityHashCode(this)) + "[" + (requests ? "requests" : "responses")
                + "," + state + (headComplete ? "," + framing.framing() + ",remaining=" + remaining : "")
                + ",fields=" + fields.size() + (failure != null ? ",failure=" + failure.getMessage() : "") + "]";
    }
}
