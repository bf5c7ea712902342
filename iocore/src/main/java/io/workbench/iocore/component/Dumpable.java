package io.workbench.iocore.component;

/**
 * A component that can describe itself and its children as an indented tree, for diagnosis: what
 * a selector holds, which endpoints are open and in which state their flushers are.
 */
public interface Dumpable {

    /** Appends one line for this component at {@code indent}, then its children one level deeper. */
    void dump(StringBuilder out, String indent);

    /** @return the whole tree below and including this component */
    default String dump() {
        StringBuilder out = new StringBuilder();
        dump(out, "");
        return out.toString();
    }

    /** Appends {@code line} at {@code indent}, ending the line. */
    static void line(StringBuilder out, String indent, Object line) {
        out.append(indent).append(line).append('\n');
    }
}
