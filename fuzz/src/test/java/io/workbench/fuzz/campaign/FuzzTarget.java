package io.workbench.fuzz.campaign;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The fuzz tests a campaign can run, by the name {@code ./workbench fuzz --target} takes. */
public enum FuzzTarget {
    REQUEST("io.workbench.fuzz.RequestParserFuzzTest", "request"),
    RESPONSE("io.workbench.fuzz.ResponseParserFuzzTest", "response"),
    DIFF("io.workbench.fuzz.DifferentialFuzzTest", "diff");

    private final String testClass;
    private final String method;

    FuzzTarget(String testClass, String method) {
        this.testClass = testClass;
        this.method = method;
    }

    public String testClass() {
        return testClass;
    }

    public String method() {
        return method;
    }

    /** @return the name on the command line: request, response, diff */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Where Jazzer writes this test's findings, and reads them back as regression inputs, under the module directory. */
    public String inputsDirectory() {
        return "src/test/resources/" + testClass.substring(0, testClass.lastIndexOf('.')).replace('.', '/') + "/"
                + testClass.substring(testClass.lastIndexOf('.') + 1) + "Inputs/" + method;
    }

    public static FuzzTarget of(String label) {
        for (FuzzTarget target : values()) {
            if (target.label().equals(label)) {
                return target;
            }
        }
        throw new IllegalArgumentException("unknown target '" + label + "': one of "
                + Arrays.stream(values()).map(FuzzTarget::label).collect(Collectors.joining(", ")));
    }
}
