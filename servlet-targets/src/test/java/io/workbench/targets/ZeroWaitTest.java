package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.TargetSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A zero wait makes no sleep, on every cell: {@code Thread.sleep(0)} is a {@code sched_yield}
 * system call on a platform thread and an unmount and re-queue on a virtual one, a cost the
 * asynchronous strategies never paid, which biased the overhead scenario (wait 0) against the
 * blocking ones.
 *
 * <p>How a sleep is seen, without a tool and without a seam in the code: Java Flight Recorder's
 * {@code jdk.ThreadSleep} event, which {@code Thread.sleep} emits for every call, a zero one too,
 * on platform and virtual threads alike, recorded here with no threshold and with its stack; the
 * strategies' sleeps are those with a frame of {@link Strategy}. The control: a 20 ms wait must be
 * seen as one such sleep on the cells that sleep their wait (sync, virtual, async-dispatch), and as
 * none on the others, which schedule it.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.workbench.targets.Cell#valid")
class ZeroWaitTest {

    private static final String THREAD_SLEEP = "jdk.ThreadSleep";

    private static Target target;

    @Parameter
    Cell cell;

    @TempDir
    Path temp;

    @BeforeParameterizedClassInvocation
    static void startTheCell(Cell cell) throws Exception {
        target = Target.start(cell.technology(), TargetSettings.of(cell.strategy(), 0, 0));
    }

    @AfterParameterizedClassInvocation
    static void stopTheCell() {
        if (target != null) {
            target.stop();
            target = null;
        }
    }

    @Test
    void aZeroWaitSleepsNotAtAllAndAWaitSleepsOnlyWhereTheStrategySleepsIt() throws Exception {
        List<Duration> zero = strategySleepsDuring("/hello", "/hello?wait=0", "/hello", "/hello?wait=0");
        assertEquals(List.of(), zero, cell + ": a zero wait slept");

        List<Duration> twenty = strategySleepsDuring("/hello?wait=20");
        if (cell.strategy().blocksThread()) {
            assertEquals(1, twenty.size(), cell + " sleeps its wait: one sleep expected, seen " + twenty);
            assertEquals(Duration.ofMillis(20), twenty.getFirst(), cell + ": the sleep is the wait");
        } else {
            assertEquals(List.of(), twenty, cell + " schedules its wait, yet slept");
        }
    }

    /** The durations of the strategies' {@code Thread.sleep} calls while {@code paths} were answered, one after the other. */
    private List<Duration> strategySleepsDuring(String... paths) throws Exception {
        Path file = Files.createTempFile(temp, "sleeps", ".jfr");
        try (Recording recording = new Recording()) {
            recording.enable(THREAD_SLEEP).withThreshold(Duration.ZERO).withStackTrace();
            recording.start();
            try (HttpWire wire = new HttpWire(target.port())) {
                for (String path : paths) {
                    wire.write(HttpWire.get(path));
                    assertEquals("hello", wire.read().body(), path);
                }
            }
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        assertTrue(events.stream().allMatch(event -> event.getEventType().getName().equals(THREAD_SLEEP)), "only sleeps recorded");
        return events.stream().filter(ZeroWaitTest::sleptInAStrategy).map(event -> event.getDuration("time")).toList();
    }

    private static boolean sleptInAStrategy(RecordedEvent event) {
        return event.getStackTrace() != null && event.getStackTrace().getFrames().stream()
                .map(RecordedFrame::getMethod)
                .anyMatch(method -> method.getType().getName().startsWith(Strategy.class.getName()));
    }
}
