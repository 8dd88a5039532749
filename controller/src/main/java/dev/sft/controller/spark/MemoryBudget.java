package dev.sft.controller.spark;

import dev.sft.contract.ExecutorSizing;
import dev.sft.contract.WriterName;

/**
 * How much memory each pod's JVMs take, so that the heaps the controller sets explicitly fit the container limits
 * the user gives. On cgroup v2 one process over the limit OOM-kills the whole container: a worker pod too small for
 * its executors loses the worker daemon too, an unplanned host loss the scenarios would misread.
 */
public final class MemoryBudget {
  /** Heap of the master and worker daemons ({@code -Xmx}); executors run in their own JVMs. */
  public static final long DAEMON_HEAP_MIB = 512;
  /** A daemon JVM beside its heap: metaspace, code cache, thread stacks, direct buffers. */
  public static final long DAEMON_NON_HEAP_MIB = 256;

  /** The client-mode driver (the harness) beside its heap: Spark's metaspace, netty buffers, threads. */
  public static final long DRIVER_NON_HEAP_MIB = 384;
  public static final long MIN_DRIVER_HEAP_MIB = 512;
  /** The driver's heap when the harness container has no memory limit. */
  public static final long DEFAULT_DRIVER_HEAP_MIB = 1024;
  /** The kill command's short-lived JVM ({@code sft kill}, a pod-exec client) beside the driver. */
  public static final long KILL_HEAP_MIB = 128;
  public static final long KILL_NON_HEAP_MIB = 128;

  /**
   * The master's container: its daemon (heap and JVM overhead) plus room for the state it keeps of applications and
   * their UI, which grows with every run on a retained cluster.
   */
  public static final long MASTER_MIB = 1024;
  /** The storage check's shell and coreutils. */
  public static final long STORAGE_CHECK_MIB = 64;

  private MemoryBudget() {}

  /** MiB of a Spark memory string such as {@code 2g} or {@code 1536m} ({@code SpecDefaults.SPARK_MEMORY_PATTERN}). */
  public static long sparkMemoryMib(String memory) {
    return sparkMemoryBytes(memory) >> 20;
  }

  /** Bytes of a Spark memory string such as {@code 2g} or {@code 1536m}. */
  public static long sparkMemoryBytes(String memory) {
    long amount = Long.parseLong(memory.substring(0, memory.length() - 1));
    return switch (Character.toLowerCase(memory.charAt(memory.length() - 1))) {
      case 'm' -> amount << 20;
      case 'g' -> amount << 30;
      case 't' -> amount << 40;
      default -> throw new IllegalArgumentException("not a Spark memory size: " + memory);
    };
  }

  /** The harness container when the spec gives it no memory: the default driver heap plus both JVMs' overheads. */
  public static long harnessDefaultMib() {
    return DEFAULT_DRIVER_HEAP_MIB + DRIVER_NON_HEAP_MIB + KILL_HEAP_MIB + KILL_NON_HEAP_MIB;
  }

  /** What a worker container must hold: its daemon and the executors the master may place on it. */
  public record WorkerNeed(long mib, int executors, long executorMib, long workerMemoryMib, int cores) {
    /** The rule with its numbers, for a validation message. */
    public String explain() {
      return "the worker daemon (" + DAEMON_HEAP_MIB + "Mi heap + " + DAEMON_NON_HEAP_MIB + "Mi JVM overhead) plus "
          + executors + " executor(s) of " + executorMib + "Mi each (" + ExecutorSizing.EXECUTOR_HEAP_MIB
          + "Mi heap + " + ExecutorSizing.overheadMib(ExecutorSizing.EXECUTOR_HEAP_MIB)
          + "Mi overhead, Spark's max(384Mi, 10%)" + (executorMib > ExecutorSizing.EXECUTOR_HEAP_MIB
              + ExecutorSizing.overheadMib(ExecutorSizing.EXECUTOR_HEAP_MIB) ? " + comet-native's off-heap" : "")
          + "); " + executors + " = the fewest of " + cores + " cores / " + ExecutorSizing.EXECUTOR_CORES
          + " per executor, " + workerMemoryMib + "Mi offered / " + ExecutorSizing.EXECUTOR_HEAP_MIB
          + "Mi per executor, and " + ExecutorSizing.maxExecutors() + " executors per run";
    }
  }

  public static WorkerNeed worker(int cores, long workerMemoryMib, WriterName writer) {
    int executors = ExecutorSizing.executorsPerWorker(cores, workerMemoryMib);
    long executorMib = ExecutorSizing.footprintMib(writer);
    return new WorkerNeed(DAEMON_HEAP_MIB + DAEMON_NON_HEAP_MIB + executors * executorMib, executors, executorMib,
        workerMemoryMib, cores);
  }

  /** The least memory limit of a harness container: the smallest driver heap plus both JVMs' overheads. */
  public static long harnessMinimumMib() {
    return MIN_DRIVER_HEAP_MIB + DRIVER_NON_HEAP_MIB + KILL_HEAP_MIB + KILL_NON_HEAP_MIB;
  }

  /** The driver's heap: what the limit leaves after the JVM overheads and the kill JVM, or a fixed default. */
  public static long driverHeapMib(Long harnessLimitMib) {
    if (harnessLimitMib == null) {
      return DEFAULT_DRIVER_HEAP_MIB;
    }
    return harnessLimitMib - DRIVER_NON_HEAP_MIB - KILL_HEAP_MIB - KILL_NON_HEAP_MIB;
  }
}
