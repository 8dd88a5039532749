package dev.sft.e2e.apiserver.exec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ServerWebSocket;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One {@code pods/exec} over a WebSocket in the Kubernetes channel protocol (v4 and v5.channel.k8s.io): every binary
 * message starts with its channel byte, 0 = stdin (client to server), 1 = stdout, 2 = stderr, 3 = the final Status
 * (with the exit code as a NonZeroExitCode cause), 4 = terminal resize (ignored), and in v5 255 = "close channel N"
 * (the client closing stdin). The command runs in an {@link ExecBackend} on a worker thread; its output is sent when
 * it has finished, then the Status, then the WebSocket is closed.
 */
public final class ExecSession {

  public static final String V5 = "v5.channel.k8s.io";
  public static final String V4 = "v4.channel.k8s.io";
  private static final int CHUNK = 32 * 1024;

  private final ServerWebSocket ws;
  private final ExecBackend backend;
  private final String namespace;
  private final String pod;
  private final String container;
  private final List<String> command;
  private final boolean stdout;
  private final boolean stderr;
  private final StdinPipe stdin = new StdinPipe();

  public ExecSession(ServerWebSocket ws, ExecBackend backend, String namespace, String pod, String container,
      List<String> command, boolean stdinRequested, boolean stdout, boolean stderr) {
    this.ws = ws;
    this.backend = backend;
    this.namespace = namespace;
    this.pod = pod;
    this.container = container;
    this.command = command;
    this.stdout = stdout;
    this.stderr = stderr;
    if (!stdinRequested) {
      stdin.close();
    }
  }

  public void start(ExecutorService workers) {
    ws.binaryMessageHandler(this::onMessage);
    ws.closeHandler(v -> stdin.close());
    workers.execute(this::run);
  }

  private void onMessage(Buffer message) {
    if (message.length() == 0) {
      return;
    }
    int channel = message.getByte(0) & 0xff;
    if (channel == 0) {
      stdin.write(message.getBytes(1, message.length()));
    } else if (channel == 255 && message.length() > 1 && message.getByte(1) == 0) {
      stdin.close();
    }
  }

  private void run() {
    String status;
    try {
      ExecResult result = backend.exec(namespace, pod, container, command, stdin);
      if (stdout) {
        send(1, result.stdout());
      }
      if (stderr) {
        send(2, result.stderr());
      }
      status = exitStatus(result.exitCode());
    } catch (ExecBackend.ExecException e) {
      status = failure(e.getMessage(), "InternalError");
    } catch (RuntimeException e) {
      status = failure("exec failed: " + e, "InternalError");
    }
    send(3, status.getBytes(StandardCharsets.UTF_8));
    ws.close((short) 1000);
  }

  private String exitStatus(int exitCode) {
    if (exitCode == 0) {
      return "{\"metadata\":{},\"status\":\"Success\"}";
    }
    ObjectNode status = failureNode("command terminated with non-zero exit code: error executing command "
        + command + ", exit code " + exitCode, "NonZeroExitCode");
    status.putObject("details").putArray("causes").addObject().put("reason", "ExitCode")
        .put("message", String.valueOf(exitCode));
    return status.toString();
  }

  private static String failure(String message, String reason) {
    return failureNode(message, reason).toString();
  }

  private static ObjectNode failureNode(String message, String reason) {
    ObjectNode status = Serialization.jsonMapper().createObjectNode();
    status.putObject("metadata");
    status.put("status", "Failure");
    status.put("message", message);
    status.put("reason", reason);
    return status;
  }

  private void send(int channel, byte[] data) {
    for (int from = 0; from < data.length || (from == 0 && channel == 3); from += CHUNK) {
      byte[] slice = Arrays.copyOfRange(data, from, Math.min(data.length, from + CHUNK));
      ws.writeBinaryMessage(Buffer.buffer(slice.length + 1).appendByte((byte) channel).appendBytes(slice));
      if (data.length == 0) {
        break;
      }
    }
  }

  /** The client's stdin as an InputStream that ends when the client closes it (or the connection). */
  private static final class StdinPipe extends InputStream {
    private static final byte[] END = new byte[0];
    private final BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>();
    private byte[] current = new byte[0];
    private int position;
    private boolean ended;

    void write(byte[] data) {
      if (data.length > 0) {
        chunks.add(data);
      }
    }

    @Override
    public void close() {
      chunks.add(END);
    }

    @Override
    public int read() throws java.io.InterruptedIOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public synchronized int read(byte[] buffer, int offset, int length) throws java.io.InterruptedIOException {
      while (position >= current.length) {
        if (ended) {
          return -1;
        }
        try {
          current = chunks.take();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new java.io.InterruptedIOException("stdin wait interrupted");
        }
        position = 0;
        if (current == END) {
          ended = true;
        }
      }
      int n = Math.min(length, current.length - position);
      System.arraycopy(current, position, buffer, offset, n);
      position += n;
      return n;
    }
  }
}
