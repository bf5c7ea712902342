package io.workbench.loadgen.trace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The target's side of a trace, as {@code GET /trace} serves it (format version 2): what the target
 * says about itself (its cell, where it stamps a request's first read, how many records it dropped)
 * and one record per traced request it ended: its id, five stamps (first read, handler entered,
 * answer started, its last write issued, the server's word that the last byte was handed to the
 * socket) and flags for what is missing.
 *
 * <pre>
 *   # workbench-trace 2
 *   # cell iocore:async-complete
 *   # first-read ...
 *   # records N
 *   # dropped D
 *   id,first_read_ns,entered_ns,answered_ns,handed_ns,flags
 *   ...
 * </pre>
 */
public final class TargetTrace {

    public static final int FORMAT_VERSION = 2;
    static final String COLUMNS = "id,first_read_ns,entered_ns,answered_ns,writing_ns,handed_ns,flags";
    /** The record's longs: id, first read, entered, answered, writing, handed, flags. */
    static final int LONGS = 7;
    /** The record's fields, as {@link #get} takes them. */
    static final int ID = 0;
    static final int FIRST_READ = 1;
    static final int ENTERED = 2;
    static final int ANSWERED = 3;
    static final int WRITING = 4;
    static final int HANDED = 5;
    static final int FLAGS = 6;

    private final String cell;
    private final String firstRead;
    private final long dropped;
    private final long[] records;
    private final int count;
    private final byte[] raw;

    private TargetTrace(String cell, String firstRead, long dropped, long[] records, int count, byte[] raw) {
        this.cell = cell;
        this.firstRead = firstRead;
        this.dropped = dropped;
        this.records = records;
        this.count = count;
        this.raw = raw;
    }

    /**
     * Reads a {@code /trace} body.
     *
     * @throws IllegalArgumentException naming the line, if it is not format version 1 or a line is
     *                                  not what the format says (a record count that does not match included)
     */
    public static TargetTrace parse(byte[] body) {
        String text = new String(body, StandardCharsets.US_ASCII);
        String[] lines = text.split("\n", -1);
        int line = 0;
        String version = meta(lines, line++, "workbench-trace");
        if (!version.equals(Integer.toString(FORMAT_VERSION))) {
            throw new IllegalArgumentException("the target's trace is format " + version + "; this generator reads format " + FORMAT_VERSION);
        }
        String cell = meta(lines, line++, "cell");
        String firstRead = meta(lines, line++, "first-read");
        long records = number(meta(lines, line++, "records"), "records", line);
        long dropped = number(meta(lines, line++, "dropped"), "dropped", line);
        if (line >= lines.length || !lines[line].equals(COLUMNS)) {
            throw new IllegalArgumentException("line " + (line + 1) + " of the target's trace should be the columns " + COLUMNS);
        }
        line++;
        List<long[]> rows = new ArrayList<>();
        for (; line < lines.length; line++) {
            if (lines[line].isEmpty() && line == lines.length - 1) {
                break;
            }
            String[] fields = lines[line].split(",", -1);
            if (fields.length != LONGS) {
                throw new IllegalArgumentException("line " + (line + 1) + " of the target's trace has " + fields.length
                        + " fields, not " + LONGS + ": " + lines[line]);
            }
            long[] row = new long[LONGS];
            for (int i = 0; i < LONGS; i++) {
                row[i] = number(fields[i], "a record", line + 1);
            }
            rows.add(row);
        }
        if (rows.size() != records) {
            throw new IllegalArgumentException("the target's trace says " + records + " records and holds " + rows.size());
        }
        long[] flat = new long[rows.size() * LONGS];
        for (int i = 0; i < rows.size(); i++) {
            System.arraycopy(rows.get(i), 0, flat, i * LONGS, LONGS);
        }
        return new TargetTrace(cell, firstRead, dropped, flat, rows.size(), body);
    }

    private static String meta(String[] lines, int line, String key) {
        String prefix = "# " + key + " ";
        if (line >= lines.length || !lines[line].startsWith(prefix)) {
            throw new IllegalArgumentException("line " + (line + 1) + " of the target's trace should begin with '" + prefix + "'"
                    + (line < lines.length ? ", not '" + lines[line] + "'" : ""));
        }
        return lines[line].substring(prefix.length());
    }

    private static long number(String text, String what, int line) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException x) {
            throw new IllegalArgumentException("line " + line + " of the target's trace: " + what + " is not a number: '" + text + "'");
        }
    }

    /** @return the cell it traced, as the target names it ({@code iocore:async-complete}) */
    public String cell() {
        return cell;
    }

    /** @return where the target stamps a request's first read, in its words */
    public String firstRead() {
        return firstRead;
    }

    /** @return records the target could not keep since its last {@code /trace} (a full ring, its held limit) */
    public long dropped() {
        return dropped;
    }

    public int count() {
        return count;
    }

    /** The {@code i}th record's {@code field}th long ({@link #ID} to {@link #FLAGS}). */
    long get(int i, int field) {
        return records[i * LONGS + field];
    }

    /** @return the body as it was served, for the run's directory */
    public byte[] raw() {
        return raw.clone();
    }

    /**
     * @return a copy with every stamp moved by {@code nanos}, as a target on another clock would have
     *         taken them: what the clock check must catch
     */
    public TargetTrace shifted(long nanos) {
        long[] moved = records.clone();
        for (int i = 0; i < count; i++) {
            for (int field = FIRST_READ; field <= HANDED; field++) {
                if (moved[i * LONGS + field] != 0) {
                    moved[i * LONGS + field] += nanos;
                }
            }
        }
        return new TargetTrace(cell, firstRead, dropped, moved, count, raw);
    }

    @Override
    public String toString() {
        return "TargetTrace[" + cell + "," + count + " records,dropped=" + dropped + "]";
    }
}
