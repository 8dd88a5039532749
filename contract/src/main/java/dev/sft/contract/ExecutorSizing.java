package dev.sft.contract;

/**
 * The executors a driver run asks the Standalone master for, and the memory each one takes beside its heap. Defined
 * once: the harness sets these Spark settings, and the controller sizes the worker pods from the same numbers (a
 * worker container that is too small is OOM-killed as a whole on cgroup v2, worker daemon included).
 */
public final class ExecutorSizing {
  /** One core per executor, four in total: four writer partitions run at once, one per executor process. */
  public static final int EXECUTOR_CORES = 1;
  public static final int MAX_CORES = 4;
  /** {@code spark.executor.memory}, the executor's heap. */
  public static final long EXECUTOR_HEAP_MIB = 768;
  /** Spark's floor of {@code spark.executor.memoryOverhead} when it is not set: max(384 MiB, 10 % of the heap). */
  public static final long MIN_OVERHEAD_MIB = 384;
  public static final double OVERHEAD_FACTOR = 0.10;
  /** {@code spark.memory.offHeap.size} of the comet-native writer, which runs off-heap. */
  public static final long COMET_OFF_HEAP_MIB = 256;

  private ExecutorSizing() {}

  public static int maxExecutors() {
    return MAX_CORES / EXECUTOR_CORES;
  }

  /** Spark's rule for {@code spark.executor.memoryOverhead}: max(384 MiB, 10 % of the heap). */
  public static long overheadMib(long heapMib) {
    return Math.max(MIN_OVERHEAD_MIB, (long) (heapMib * OVERHEAD_FACTOR));
  }

  /** Off-heap memory the writer's executors allocate beside heap and overhead. */
  public static long offHeapMib(WriterName writer) {
    return writer == WriterName.COMET_NATIVE ? COMET_OFF_HEAP_MIB : 0;
  }

  /** What one executor process takes in its worker's container: heap, overhead and off-heap memory. */
  public static long footprintMib(WriterName writer) {
    return EXECUTOR_HEAP_MIB + overheadMib(EXECUTOR_HEAP_MIB) + offHeapMib(writer);
  }

  /**
   * How many executors the master may place on one worker: as many as its cores and its offered memory
   * ({@code --memory}) hold, and never more than the run asks for in all.
   */
  public static int executorsPerWorker(int workerCores, long workerMemoryMib) {
    long byMemory = workerMemoryMib / EXECUTOR_HEAP_MIB;
    return (int) Math.min(Math.min(workerCores / EXECUTOR_CORES, byMemory), maxExecutors());
  }
}
