package dev.sft.harness.probe;

import dev.sft.harness.evidence.AttemptIdentity;
import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * The writer's own commit message, wrapped with the identity of the attempt that produced it. The driver unwraps it
 * in the result handler, so it knows exactly which attempt's message Spark accepted.
 */
public record AttemptCommitMessage(AttemptIdentity attempt, List<String> files, WriterCommitMessage writerMessage)
    implements WriterCommitMessage {

  static WriterCommitMessage unwrap(WriterCommitMessage message) {
    return message instanceof AttemptCommitMessage wrapped ? wrapped.writerMessage() : message;
  }

  static WriterCommitMessage[] unwrapAll(WriterCommitMessage[] messages) {
    WriterCommitMessage[] unwrapped = new WriterCommitMessage[messages.length];
    for (int i = 0; i < messages.length; i++) {
      unwrapped[i] = messages[i] == null ? null : unwrap(messages[i]);
    }
    return unwrapped;
  }
}
