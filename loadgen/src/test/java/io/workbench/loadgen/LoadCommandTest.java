package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.SummaryJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command's contract: arguments, exit codes, stdout, the files and the fields of summary.json. */
class LoadCommandTest {

    @TempDir
    Path tmp;

    @Test
    void badArgumentsGetOneLineNamingTheProblemAndExitCode2() {
        List<String[]> bad = List.of(
                new String[] {"http://127.0.0.1:1/", "--requests", "10"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--concurrency", "4", "--requests", "10"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--duration", "1s"},
                new String[] {"http://127.0.0.1:1/", "--rate", "-5", "--requests", "10"},
                new String[] {"http://127.0.0.1:1/", "--rate", "abc", "--requests", "10"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--duration", "ten"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--arrivals", "poisson"},
                new String[] {"http://127.0.0.1:1/", "--concurrency", "4", "--requests", "10", "--ramp", "1s"},
                new String[] {"http://127.0.0.1:1/", "--all-at-once", "10", "--requests", "10"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--pipeline", "0"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--source-addresses", "300"},
                // Refused while planning, before anything is sent to this (link-local) address.
                new String[] {"http://169.254.231.1:1/", "--rate", "100", "--requests", "10", "--source-addresses", "4"},
                new String[] {"https://127.0.0.1:1/", "--rate", "100", "--requests", "10"},
                new String[] {"not a url", "--rate", "100", "--requests", "10"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--read-buffer", "1k"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--read-buffer", "lots"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--wake-slack", "2s"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--wake-slack", "-1ms"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--batch", "2s"},
                new String[] {"http://127.0.0.1:1/", "--rate", "100", "--requests", "10", "--no-such-option"});
        for (String[] args : bad) {
            Runs.Run run = Runs.load(tmp.resolve("bad"), args);
            String command = String.join(" ", args);
            assertEquals(2, run.exitCode(), command + "\n" + run.stderr());
            assertEquals("", run.stdout(), command);
            String[] lines = run.stderr().strip().split("\n");
            assertEquals(1, lines.length, command + ": one line\n" + run.stderr());
            assertTrue(lines[0].startsWith("loadgen: "), lines[0]);
            assertFalse(Files.exists(tmp.resolve("bad").resolve("summary.json")), "no run, no summary");
        }
    }

    @Test
    void bodiesLargerThanTheReadBufferArriveWholeInManyReads() throws Exception {
        int body = 100_000;
        try (LoadTarget target = new LoadTarget().bodyBytes(body)) {
            Runs.Run run = Runs.load(tmp.resolve("small-buffer"), target.url("/body"), "--concurrency", "2", "--requests", "40",
                    "--read-buffer", "4KiB", "--prime", "0");
            assertEquals(0, run.exitCode(), run.toString());
            JsonNode s = run.summary();
            assertEquals(4096, s.get("generator").get("readBufferBytes").asInt());
            assertEquals(40, s.get("requests").get("ok").asLong(), run.stderr());
            assertEquals(40L * body, s.get("requests").get("bodyBytes").asLong(), "every byte of every body, read 4 KiB at a time");
            run.assertAccounting();
        }
    }

    @Test
    void anUnreachableTargetIsExitCode1WithAClearMessageAndASummary() throws Exception {
        int port;
        try (java.net.ServerSocket closed = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = closed.getLocalPort();
        }
        Runs.Run run = Runs.load(tmp.resolve("unreachable"), "http://127.0.0.1:" + port + "/", "--rate", "100", "--requests", "10");
        assertEquals(1, run.exitCode(), run.toString());
        assertTrue(run.stderr().contains("unreachable") && run.stderr().contains("connect_refused"), run.stderr());
        assertEquals("SUMMARY " + tmp.resolve("unreachable").resolve("summary.json").toAbsolutePath() + "\n", run.stdout());
        JsonNode summary = run.summary();
        assertTrue(summary.get("failure").asText().contains("unreachable"));
        assertFalse(summary.get("validity").get("valid").asBoolean());
        assertEquals(0, summary.get("requests").get("sent").asLong());
        run.assertAccounting();
    }

    @Test
    void aRunWritesTheContractsFilesAndFieldsAndOnlyTheSummaryLineOnStdout() throws Exception {
        try (LoadTarget target = new LoadTarget()) {
            Path dir = tmp.resolve("run");
            Runs.Run run = Runs.load(dir, target.url("/hello"), "--rate", "400", "--duration", "1s", "--warmup", "200ms",
                    "--arrivals", "constant", "--label", "iocore:hello#1", "--seed", "5");
            assertEquals(0, run.exitCode(), run.toString());
            assertEquals("SUMMARY " + dir.resolve("summary.json").toAbsolutePath() + "\n", run.stdout());
            assertTrue(run.stderr().contains("intended->end") && run.stderr().contains("verdict"), "final table on stderr:\n" + run.stderr());

            JsonNode s = run.summary();
            for (String field : List.of("label", "command", "url", "model", "arrivals", "seed", "targetRate", "achievedRate",
                    "startEpochMillis", "endEpochMillis", "durationSeconds", "interrupted", "requests", "blocked", "connections",
                    "generator", "latency", "validity", "files", "targetFellBehind")) {
                assertTrue(s.has(field), "summary.json has " + field);
            }
            assertEquals("iocore:hello#1", s.get("label").asText());
            assertEquals("open", s.get("model").asText());
            assertEquals("constant", s.get("arrivals").asText());
            assertEquals(5, s.get("seed").asLong());
            assertEquals(400.0, s.get("targetRate").asDouble());
            JsonNode requests = s.get("requests");
            // Constant arrivals at 400/s: the measured second holds exactly 400 of them.
            assertEquals(400, requests.get("scheduled").asLong());
            assertEquals(400, requests.get("sent").asLong());
            assertEquals(400, requests.get("ok").asLong(), run.stderr());
            for (String kind : List.of("connect_refused", "connect_timeout", "reset", "closed", "bad_response", "non_2xx")) {
                assertTrue(requests.get("errorsByKind").has(kind), kind);
            }
            assertEquals(80, s.get("warmup").get("sent").asLong());
            assertEquals(0, s.get("blocked").get("count").asLong(), "nothing waited at the cap");
            assertEquals(400, requests.get("written").asLong(), "every request was taken by a connection");
            assertEquals(0, requests.get("retried").asLong());
            assertEquals(0, requests.get("censored").asLong());
            for (String field : List.of("opened", "maxOpen", "maxAllowed", "descriptorLimit", "sourceAddresses")) {
                assertTrue(s.get("connections").has(field), field);
            }
            assertEquals("127.0.0.1", s.get("connections").get("sourceAddresses").get(0).asText());
            for (String field : List.of("cpuSeconds", "cpuPercentOfOneCore", "measuredCpuSeconds", "measuredWallSeconds", "threads",
                    "pacing", "loopBusyShare", "loopSpinShare", "loopCpuShare", "priming")) {
                assertTrue(s.get("generator").has(field), "generator." + field);
            }
            assertEquals(1, s.get("generator").get("threads").asInt());
            assertEquals("alarm,batch100us,slack200us", s.get("generator").get("pacing").asText());
            assertEquals(64 * 1024, s.get("generator").get("readBufferBytes").asInt(), "the default read buffer");
            for (String kind : List.of("intendedToEnd", "sendToEnd", "lateness", "connectionWait", "triedToEnd")) {
                JsonNode latency = s.get("latency").get(kind);
                for (String field : List.of("count", "meanMs", "maxMs", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "p9999Ms")) {
                    assertTrue(latency.has(field), kind + "." + field);
                }
                assertEquals(400, latency.get("count").asLong(), kind);
            }
            for (String field : List.of("valid", "limitedBy", "limits", "reasons", "lagP99LimitMs", "minRateFraction", "accountingHolds",
                    "evidence")) {
                assertTrue(s.get("validity").has(field), field);
            }
            JsonNode validity = s.get("validity");
            assertEquals(validity.get("valid").asBoolean(), "none".equals(validity.get("limitedBy").asText()), validity.toString());
            assertEquals(validity.get("limits").size(), validity.get("reasons").size(), validity.toString());
            assertEquals(1.0, s.get("validity").get("lagP99LimitMs").asDouble(), "the rule's floor, for a hello target");
            run.assertAccounting();

            // As the main job reads it: every field of the contract is there.
            LoadSummary read = SummaryJson.readSummary(dir.resolve("summary.json"));
            for (LoadSummary.LatencyStats kind : List.of(read.latency().intendedToEnd(), read.latency().sendToEnd(), read.latency().lateness(),
                    read.latency().connectionWait(), read.latency().triedToEnd())) {
                assertEquals(400, kind.count());
            }
            assertEquals(null, read.latency().intendedToSend(), "the old kinds are no longer written");
            assertEquals(null, read.latency().connectWait());
            assertEquals(0L, read.requests().censored());
            assertFalse(read.targetFellBehind().behind(), s.get("targetFellBehind").toString());
            // A valid run judges the target (it kept up: no reason); an invalid one says why it did not.
            assertEquals(read.validity().valid(), read.targetFellBehind().reason() == null, s.get("targetFellBehind").toString());
            assertTrue(read.targetFellBehind().heldShare() > 0.9, s.get("targetFellBehind").toString());
            assertEquals(400.0, read.targetFellBehind().scheduledRate(), 1.0);
            assertTrue(read.targetFellBehind().peakConnections() >= 1);
            assertEquals(400, read.targetFellBehind().queueWait().count());
            LoadSummary.Lateness lateness = read.validity().lateness();
            assertFalse(lateness.fromOption());
            assertEquals(1.0, lateness.limitMs(), 1e-9);
            assertEquals(s.get("latency").get("lateness").get("p99Ms").asDouble(), lateness.lagP99Ms(), 1e-9);
            assertEquals(s.get("latency").get("intendedToEnd").get("p50Ms").asDouble(), lateness.medianLatencyMs(), 1e-9);
            assertTrue(lateness.rule().contains("1% of the intended->end median"), lateness.rule());
            assertEquals("lateness.hgrm", read.files().hgrm().lateness());
            assertEquals("connection-wait.hgrm", read.files().hgrm().connectionWait());
            assertEquals("tried-to-end.hgrm", read.files().hgrm().triedToEnd());
            assertTrue(read.generator().loopCpuShare() > 0 && read.generator().loopCpuShare() < 1, s.get("generator").toString());
            assertEquals(s.get("validity").get("evidence").get("loopCpuShare").asDouble(), read.validity().evidence().loopCpuShare(), 1e-9);

            String hlog = Runs.read(dir.resolve("latency.hlog"));
            assertTrue(hlog.contains("#[StartTime: ") && hlog.contains("#[BaseTime: "), hlog);
            double startSeconds = Double.parseDouble(hlog.replaceAll("(?s).*#\\[StartTime: ([0-9.]+) .*", "$1"));
            assertEquals(s.get("startEpochMillis").asLong() / 1000.0, startSeconds, 0.002, "StartTime is the measured start, epoch seconds");
            for (String tag : List.of("intended-to-end", "send-to-end", "lateness", "connection-wait", "tried-to-end")) {
                assertTrue(hlog.contains("Tag=" + tag + ","), tag);
                Histogram histogram = run.histogram(tag);
                assertEquals(400, histogram.getTotalCount(), tag + ": every measured request, in the intervals");
            }
            assertFalse(hlog.contains("Tag=intended-to-send,") || hlog.contains("Tag=connect-wait,"), "the old tags are gone");
            for (String hgrm : List.of("intended-to-end.hgrm", "send-to-end.hgrm", "lateness.hgrm", "connection-wait.hgrm", "tried-to-end.hgrm")) {
                String text = Runs.read(dir.resolve(hgrm));
                assertTrue(text.contains("Value     Percentile TotalCount 1/(1-Percentile)") && text.contains("#[Max"), hgrm + ":\n" + text);
            }
            // The same command line with the same seed gives the same schedule: the same count again.
            Runs.Run again = Runs.load(tmp.resolve("again"), target.url("/hello"), "--rate", "400", "--duration", "1s", "--warmup", "200ms",
                    "--arrivals", "constant", "--seed", "5");
            assertEquals(400, again.summary().get("requests").get("scheduled").asLong());
        }
    }
}
