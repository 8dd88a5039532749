package dev.sft.harness.evidence;

/**
 * What the probe saw around a writer's {@code abort()}, without changing it: whether the task's thread was interrupted
 * when {@code abort()} began and when it returned (Spark interrupts every killed speculative loser, and an abort that
 * gives up on that interrupt leaves files behind: a defect of the writer, which the judges report as such), and where
 * the executor's own log stood when it began, so a judge can quote what the writer logged during its abort. The probe
 * takes it with {@code probe.AbortWatch}.
 *
 * @param interruptedAtStart the thread's interrupt status when {@code abort()} was called
 * @param interruptedAtEnd the thread's interrupt status when {@code abort()} returned or threw
 * @param executorLog the executor's stderr log (a Standalone worker starts each executor in its own folder and
 *     sends its stderr to the file {@code stderr} there), or null when there is none
 * @param executorLogOffset the log's size in bytes when {@code abort()} began
 */
public record AbortObservation(
    boolean interruptedAtStart, boolean interruptedAtEnd, String executorLog, long executorLogOffset) {}
