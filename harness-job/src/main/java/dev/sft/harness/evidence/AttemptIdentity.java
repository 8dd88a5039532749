package dev.sft.harness.evidence;

import java.io.Serializable;

/**
 * Who a task attempt is, in the scheduler's terms and the operating system's. The probe takes the running attempt's
 * identity on the executor ({@code probe.CurrentAttempt}).
 */
public record AttemptIdentity(
    int stageId,
    int stageAttempt,
    int partition,
    long taskAttemptId,
    int attemptNumber,
    String executorId,
    String host,
    long pid)
    implements Serializable {}
