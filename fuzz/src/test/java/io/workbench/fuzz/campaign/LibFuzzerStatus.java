package io.workbench.fuzz.campaign;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of libFuzzer's status lines, as Jazzer prints them on stderr:
 * {@code #123456	NEW    cov: 812 ft: 2345 corp: 312/18Kb lim: 4096 exec/s: 3412 rss: 690Mb ...}.
 *
 * @param executions  inputs run so far (libFuzzer's own count)
 * @param coverage    coverage counters hit ({@code cov:}: edges of the instrumented classes)
 * @param features    coverage features ({@code ft:}: edges with hit-count buckets, and comparisons)
 * @param corpus      inputs in the corpus
 * @param corpusBytes their total size
 * @param perSecond   libFuzzer's executions per second since the start
 */
public record LibFuzzerStatus(String event, long executions, long coverage, long features, long corpus, long corpusBytes, long perSecond) {

    private static final Pattern LINE = Pattern.compile(
            "^#(\\d+)\\s+(\\w+)\\s+cov: (\\d+) ft: (\\d+) corp: (\\d+)/(\\d+)(b|Kb|Mb)\\b.*?exec/s: (\\d+)");

    /** @return the status a line carries, or null if it is not a status line */
    public static LibFuzzerStatus parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.find()) {
            return null;
        }
        long size = Long.parseLong(m.group(6));
        long bytes = switch (m.group(7)) {
            case "Kb" -> size << 10;
            case "Mb" -> size << 20;
            default -> size;
        };
        return new LibFuzzerStatus(m.group(2), Long.parseLong(m.group(1)), Long.parseLong(m.group(3)), Long.parseLong(m.group(4)),
                Long.parseLong(m.group(5)), bytes, Long.parseLong(m.group(8)));
    }
}
