package io.workbench.mainjob.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A percentile distribution as HdrHistogram's {@code outputPercentileDistribution} writes it (an
 * {@code .hgrm} file): rows of value, percentile, total count and {@code 1/(1-percentile)}. The last
 * row (percentile 1, where the inverse is infinite) has no fourth column and is kept apart as the
 * maximum, since a log axis cannot show it.
 *
 * @param valuesMs  the latency at each row, in the file's unit (milliseconds for the load's files)
 * @param inverse   {@code 1/(1-percentile)} of each row, the x of HdrHistogram's plotter
 * @param maxMs     the largest value recorded
 * @param count     the total count
 */
public record PercentileDistribution(double[] valuesMs, double[] inverse, double maxMs, long count) {

    public static PercentileDistribution read(Path hgrm) throws IOException {
        return parse(Files.readAllLines(hgrm, StandardCharsets.UTF_8), hgrm.toString());
    }

    public static PercentileDistribution parse(List<String> lines, String source) throws IOException {
        List<double[]> rows = new ArrayList<>();
        double max = 0;
        long count = 0;
        for (String line : lines) {
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith("Value")) {
                continue;
            }
            String[] columns = trimmed.split("\\s+");
            try {
                double value = Double.parseDouble(columns[0]);
                max = Math.max(max, value);
                if (columns.length >= 3) {
                    count = Math.max(count, Long.parseLong(columns[2]));
                }
                if (columns.length >= 4) {
                    rows.add(new double[] {value, Double.parseDouble(columns[3])});
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException notARow) {
                throw new IOException(source + ": not a percentile distribution row: '" + line + "'");
            }
        }
        if (count == 0 && rows.isEmpty()) {
            return new PercentileDistribution(new double[0], new double[0], 0, 0);
        }
        double[] values = new double[rows.size()];
        double[] inverse = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            values[i] = rows.get(i)[0];
            inverse[i] = rows.get(i)[1];
        }
        return new PercentileDistribution(values, inverse, max, count);
    }

    public boolean isEmpty() {
        return count == 0;
    }
}
