package io.workbench.mainjob.suite;

import java.util.regex.Pattern;

/**
 * One cell of the target matrix, {@code server:strategy} as the target command names them, e.g.
 * {@code jetty-handler:sync}, and which listing of it this is: a cell listed twice in one run is
 * two targets, the second named {@code cell#2} (an A/A test of the whole chain: two JVMs of the
 * same code, measured alike, must not be told apart).
 *
 * @param copy 1, or 2.. for the second and later listing of the same cell
 */
public record TargetId(String server, String strategy, int copy) {

    /** {@code --targets all}: every cell the target command offers. */
    public static final String ALL = "all";

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

    public TargetId {
        if (server == null || !NAME.matcher(server).matches() || strategy == null || !NAME.matcher(strategy).matches()) {
            throw new IllegalArgumentException("a target is server:strategy in lower case, e.g. iocore:sync; got '"
                    + server + ":" + strategy + "'");
        }
        if (copy < 1) {
            throw new IllegalArgumentException("a target's copy is 1 or more, was " + copy);
        }
    }

    /** The first (or only) listing of a cell. */
    public TargetId(String server, String strategy) {
        this(server, strategy, 1);
    }

    public static TargetId parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("a target is server:strategy, e.g. iocore:sync; got '" + text + "'");
        }
        return new TargetId(text.substring(0, colon).trim(), text.substring(colon + 1).trim());
    }

    /** The same cell listed once more. */
    public TargetId withCopy(int n) {
        return new TargetId(server, strategy, n);
    }

    /** {@code server:strategy}, whichever copy. */
    public String cell() {
        return server + ":" + strategy;
    }

    /** The directory name of its results: a colon is awkward in paths on some systems; a copy gets {@code _2}. */
    public String dirName() {
        return server + "_" + strategy + (copy > 1 ? "_" + copy : "");
    }

    @Override
    public String toString() {
        return cell() + (copy > 1 ? "#" + copy : "");
    }
}
