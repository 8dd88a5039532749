package dev.sft.e2e.apiserver.exec;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Runs the command of a {@code pods/exec} request in the named pod's container. The stand-in only speaks the
 * Kubernetes exec protocol; where the command really runs is the backend's business (the simulated kubelet uses
 * {@code podman exec}, tests a local process or a fake).
 */
public interface ExecBackend {

  /**
   * Runs {@code command} to completion with the whole of {@code stdin} (empty when the client sent none).
   * Throw {@link ExecException} when the pod or container does not exist or the command cannot start: the client
   * then gets a Failure status with that message instead of an exit code.
   */
  ExecResult exec(String namespace, String pod, String container, List<String> command, byte[] stdin)
      throws ExecException;

  /**
   * Streaming variant, called by the stand-in: {@code stdin} delivers the client's input as it arrives and ends
   * when the client closes its stdin (v5 close signal) or the connection. The default reads it to the end first,
   * which is right for commands given their input up front; override it (as {@link ProcessExecBackend} does) to
   * feed a running process, e.g. a command that reads one line and exits while the client keeps stdin open.
   */
  default ExecResult exec(String namespace, String pod, String container, List<String> command, InputStream stdin)
      throws ExecException {
    try {
      return exec(namespace, pod, container, command, stdin.readAllBytes());
    } catch (IOException e) {
      throw new ExecException("reading stdin of exec in " + namespace + "/" + pod + ": " + e.getMessage());
    }
  }

  /**
   * The log of a container, for {@code pods/log} ({@code kubectl logs}); backends that keep none say so.
   */
  default byte[] logs(String namespace, String pod, String container) throws ExecException {
    throw new ExecException("pods/log is not served by this exec backend");
  }

  /** The exec cannot run (no such pod/container, the runtime failed); the message reaches the client. */
  final class ExecException extends Exception {
    public ExecException(String message) {
      super(message);
    }
  }
}
