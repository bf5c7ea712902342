package io.workbench.mainjob.findings;

import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down correction: of k tests, the smallest p-value is judged at alpha/k, the next at
 * alpha/(k-1), and so on until one is not rejected, which stops the rest. The chance that any of
 * the k hypotheses that hold is rejected stays at most alpha, whatever the dependence between the
 * tests, and it rejects at least what Bonferroni's alpha/k for every test does.
 */
public final class Holm {

    private Holm() {
    }

    /** Which of the hypotheses are rejected at family-wise level {@code alpha}, by index. */
    public static boolean[] rejected(double[] pValues, double alpha) {
        int k = pValues.length;
        boolean[] rejected = new boolean[k];
        int[] order = IntStream.range(0, k).boxed().sorted(Comparator.comparingDouble(i -> pValues[i]))
                .mapToInt(Integer::intValue).toArray();
        for (int step = 0; step < k; step++) {
            int test = order[step];
            if (!(pValues[test] <= alpha / (k - step))) {
                break;
            }
            rejected[test] = true;
        }
        return rejected;
    }
}
