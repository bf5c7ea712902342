package io.workbench.mainjob.suite;

import java.util.regex.Pattern;

/**
 * One cell of the target matrix, {@code server:strategy} as the target command names them, e.g.
 * {@code jetty-handler:sync}.
 */
public record TargetId(String server, String strategy) {

    /** {@code --targets all}: every cell the target command offers. */
    public static final String ALL = "all";

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

    public TargetId {
        if (server == null || !NAME.matcher(server).matches() || strategy == null || !NAME.matcher(strategy).matches()) {
            throw new IllegalArgumentException("a target is server:strategy in lower case, e.g. iocore:sync; got '"
                    + server + ":" + strategy + "'");
        }
    }

    public static TargetId parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("a target is server:strategy, e.g. iocore:sync; got '" + text + "'");
        }
        return new TargetId(text.substring(0, colon).trim(), text.substring(colon + 1).trim());
    }

    /** The directory name of its results: a colon is awkward in paths on some systems. */
    public String dirName() {
        return server + "_" + strategy;
    }

    @Override
    public String toString() {
        return server + ":" + strategy;
    }
}
