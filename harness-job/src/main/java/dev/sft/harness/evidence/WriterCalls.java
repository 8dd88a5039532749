package dev.sft.harness.evidence;

import java.util.ArrayList;
import java.util.List;

/**
 * The calls Spark made on one attempt's data writer, in order, consecutive writes counted as one entry
 * ({@code writer-calls.json} in the attempt's folder): what a pin may change only the timing of, never the calls or
 * their order.
 *
 * @param attempt the attempt
 * @param calls e.g. {@code write x12000, commit, abort, close}
 */
public record WriterCalls(AttemptIdentity attempt, List<Call> calls) {
  /** One call, or a run of {@code count} consecutive writes. */
  public record Call(String name, long count) {
    @Override
    public String toString() {
      return count == 1 ? name : name + " x" + count;
    }
  }

  /** Records the calls as they come; not thread-safe (Spark calls a data writer from its task thread only). */
  public static final class Log {
    private final List<Call> calls = new ArrayList<>();

    public void call(String name) {
      int last = calls.size() - 1;
      if (WRITE.equals(name) && last >= 0 && calls.get(last).name().equals(WRITE)) {
        calls.set(last, new Call(WRITE, calls.get(last).count() + 1));
      } else {
        calls.add(new Call(name, 1));
      }
    }

    public List<Call> calls() {
      return List.copyOf(calls);
    }
  }

  public static final String WRITE = "write";
  public static final String COMMIT = "commit";
  public static final String ABORT = "abort";
  public static final String CLOSE = "close";
}
