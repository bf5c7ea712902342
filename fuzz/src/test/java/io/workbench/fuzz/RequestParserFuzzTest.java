package io.workbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.workbench.iocore.http.BodyFraming;
import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.http.HttpParser;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * iocore's request parser on any input, split at any points into reads, in every kind of buffer:
 * it ends in parsed requests or a clean refusal with a 4xx or 5xx status, never another exception,
 * never a loop without progress ({@link IocoreReader}); what it accepts is what it would accept
 * whole, stays within its limits, and is framed as RFC 9112 says. The corpus is
 * {@code src/test/resources/io/workbench/fuzz/RequestParserFuzzTestInputs/request/}.
 */
@ExtendWith(FuzzingBudget.class)
class RequestParserFuzzTest {

    /** The statuses the parser answers bad requests with. */
    static final Set<Integer> REFUSALS = Set.of(400, 413, 414, 431, 501, 505);

    @FuzzTest(maxDuration = "5m")
    @DictionaryFile(resourcePath = "http.dict")
    void request(byte[] data) {
        Executions.count();
        FuzzInput input = FuzzInput.decode(data);
        IocoreReader.Result result = IocoreReader.requests(input);
        IocoreReader.Result whole = IocoreReader.wholeOf(input, true);
        Check.that(whole.outcome().equals(result.outcome()), () -> "read as " + input + " the stream gave" + result.outcome()
                + "\nbut read whole it gave" + whole.outcome());
        checkRequests(input.stream(), input.limits(), result);
    }

    /** What every accepted request and every refusal must be, whatever the input. */
    static void checkRequests(byte[] stream, HttpLimits limits, IocoreReader.Result result) {
        StreamOutcome outcome = result.outcome();
        long previousEnd = 0;
        for (int i = 0; i < outcome.messages().size(); i++) {
            ParsedMessage message = outcome.messages().get(i);
            IocoreReader.Framing framing = result.framings().get(i);
            String where = "request #" + i + " " + message;
            Check.that(message.end() > previousEnd && message.end() <= stream.length, () -> where + ": ends at " + message.end());
            Check.that(message.version().equals("HTTP/1.1") || message.version().equals("HTTP/1.0"), () -> where + ": version");
            Check.that(!message.target().isEmpty() && message.target().length() <= limits.maxStartLineLength(), () -> where + ": target length");
            Check.that(message.target().chars().allMatch(c -> c > 0x20 && c < 0x7F), () -> where + ": a target byte that is not a visible ASCII char");
            Check.that(framing.hostFields() == 1 || message.version().equals("HTTP/1.0") && framing.hostFields() == 0,
                    () -> where + ": " + framing.hostFields() + " Host fields");
            FieldChecks.check(message.fields(), limits, where);
            Check.that(message.body().length() <= limits.maxContentLength(), () -> where + ": content over the limit");
            boolean hasContentLength = FieldChecks.has(message.fields(), "content-length");
            boolean hasTransferEncoding = FieldChecks.has(message.fields(), "transfer-encoding");
            switch (framing.framing()) {
                case NONE -> Check.that(message.body().isEmpty() && !hasContentLength && !hasTransferEncoding, () -> where + ": framed NONE");
                case CONTENT_LENGTH -> Check.that(message.body().length() == framing.contentLength() && hasContentLength && !hasTransferEncoding,
                        () -> where + ": framed by Content-Length " + framing.contentLength());
                case CHUNKED -> Check.that(hasTransferEncoding && !hasContentLength && message.version().equals("HTTP/1.1"), () -> where + ": framed chunked");
                case UNTIL_CLOSE -> Check.fail(where + ": a request delimited by the close");
            }
            // The bytes of this message alone are this message: nothing carries over from the one before.
            byte[] alone = Arrays.copyOfRange(stream, (int) previousEnd, (int) message.end());
            StreamOutcome again = IocoreReader.read(HttpParser.forRequests(limits), alone, new int[0], BufferKind.HEAP, false, false, List.of()).outcome();
            Check.that(again.messages().size() == 1 && again.ending() == StreamOutcome.Ending.CLEAN
                            && again.messages().getFirst().equals(shifted(message, previousEnd)),
                    () -> where + ": parsed alone it is" + again);
            previousEnd = message.end();
        }
        switch (outcome.ending()) {
            case REFUSED -> Check.that(REFUSALS.contains(outcome.status()), () -> "refused with status " + outcome.status() + outcome);
            case TRUNCATED -> Check.that(outcome.status() == 400, () -> "truncated with status " + outcome.status());
            case CLEAN, PARTIAL -> {
            }
        }
        if (outcome.ending() == StreamOutcome.Ending.CLEAN && !outcome.messages().isEmpty()) {
            long end = outcome.messages().getLast().end();
            // Only empty lines (CRLF, which a server ignores before a request line) may follow the last request.
            for (long i = end; i < stream.length; i++) {
                Check.that(stream[(int) i] == '\r' || stream[(int) i] == '\n', () -> "bytes after the last request, and the stream ended CLEAN" + outcome);
            }
        }
    }

    private static ParsedMessage shifted(ParsedMessage message, long by) {
        return new ParsedMessage(message.method(), message.target(), message.status(), message.version(), message.fields(), message.body(), message.end() - by,
                message.trailers());
    }
}
