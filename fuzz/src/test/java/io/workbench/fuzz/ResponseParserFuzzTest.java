package io.workbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.workbench.iocore.http.BodyFraming;
import io.workbench.iocore.http.HttpMethod;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * iocore's response parser (what its client reads with) on any input, split at any points, in every
 * kind of buffer, answering GET, HEAD and CONNECT requests: it ends in parsed responses or a clean
 * refusal, never another exception, never a loop without progress; what it accepts is what it
 * would accept whole, stays within its limits, and is framed as RFC 9112 section 6.3 says (no
 * content after HEAD, 1xx, 204, 304 or a 2xx to CONNECT; a response delimited by the close is the
 * last and never persistent). The corpus is
 * {@code src/test/resources/io/workbench/fuzz/ResponseParserFuzzTestInputs/response/}.
 */
@ExtendWith(FuzzingBudget.class)
class ResponseParserFuzzTest {

    @FuzzTest(maxDuration = "5m")
    @DictionaryFile(resourcePath = "http.dict")
    void response(byte[] data) {
        Executions.count();
        FuzzInput input = FuzzInput.decode(data);
        IocoreReader.Result result = IocoreReader.responses(input);
        IocoreReader.Result whole = IocoreReader.wholeOf(input, false);
        Check.that(whole.outcome().equals(result.outcome()), () -> "read as " + input + " the stream gave" + result.outcome()
                + "\nbut read whole it gave" + whole.outcome());
        checkResponses(input, result);
    }

    static void checkResponses(FuzzInput input, IocoreReader.Result result) {
        StreamOutcome outcome = result.outcome();
        long previousEnd = 0;
        for (int i = 0; i < outcome.messages().size(); i++) {
            ParsedMessage message = outcome.messages().get(i);
            IocoreReader.Framing framing = result.framings().get(i);
            String where = "response #" + i + " to " + framing.answered() + " " + message;
            Check.that(message.end() > previousEnd && message.end() <= input.stream().length, () -> where + ": ends at " + message.end());
            Check.that(message.status() >= 100 && message.status() <= 599, () -> where + ": status");
            Check.that(message.version().equals("HTTP/1.1") || message.version().equals("HTTP/1.0"), () -> where + ": version");
            FieldChecks.check(message.fields(), input.limits(), where);
            Check.that(message.body().length() <= input.limits().maxContentLength(), () -> where + ": content over the limit");
            int status = message.status();
            boolean noContent = framing.answered() == HttpMethod.HEAD || status < 200 || status == 204 || status == 304
                    || framing.answered() == HttpMethod.CONNECT && status / 100 == 2;
            Check.that(!noContent || framing.framing() == BodyFraming.NONE && message.body().isEmpty(), () -> where + ": content where none may be");
            switch (framing.framing()) {
                case NONE -> Check.that(message.body().isEmpty(), () -> where + ": framed NONE with content");
                case CONTENT_LENGTH -> Check.that(message.body().length() == framing.contentLength(), () -> where + ": framed by Content-Length " + framing.contentLength());
                case CHUNKED -> Check.that(FieldChecks.has(message.fields(), "transfer-encoding"), () -> where + ": chunked without Transfer-Encoding");
                case UNTIL_CLOSE -> Check.that(!framing.persistent() && input.endOfInput() && i == outcome.messages().size() - 1
                        && message.end() == input.stream().length, () -> where + ": delimited by the close, yet not the last, or persistent");
            }
            previousEnd = message.end();
        }
        if (outcome.ending() == StreamOutcome.Ending.REFUSED || outcome.ending() == StreamOutcome.Ending.TRUNCATED) {
            Check.that(outcome.status() >= 400 && outcome.status() <= 599, () -> "refused with status " + outcome.status() + outcome);
        }
    }
}
