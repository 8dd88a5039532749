package dev.sft.e2e.apiserver.exec;

import java.io.InputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Test backend: records each exec and runs its command on this machine (real exit codes and output); its pod logs
 * are one line naming the container.
 */
public final class RecordingExecBackend implements ExecBackend {

  public record Call(String namespace, String pod, String container, List<String> command) {
  }

  final List<Call> calls = new CopyOnWriteArrayList<>();
  private final ProcessExecBackend local = ProcessExecBackend.local();

  @Override
  public ExecResult exec(String namespace, String pod, String container, List<String> command, byte[] stdin)
      throws ExecException {
    calls.add(new Call(namespace, pod, container, List.copyOf(command)));
    return local.exec(namespace, pod, container, command, stdin);
  }

  @Override
  public ExecResult exec(String namespace, String pod, String container, List<String> command, InputStream stdin)
      throws ExecException {
    calls.add(new Call(namespace, pod, container, List.copyOf(command)));
    return local.exec(namespace, pod, container, command, stdin);
  }

  @Override
  public byte[] logs(String namespace, String pod, String container) {
    return ("log of " + namespace + "/" + pod + "/" + container + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  public Call last() {
    if (calls.isEmpty()) {
      throw new AssertionError("the exec backend was never called");
    }
    return calls.get(calls.size() - 1);
  }
}
