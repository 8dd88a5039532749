package dev.sft.harness.run;

import dev.sft.contract.ScenarioResult;
import dev.sft.contract.Soak;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The end of a soak spread over several Spark clusters ({@link Soak#sharedEnd}): a file on the shared storage that the
 * first share to stop at a failure creates, naming the repetition, and that every share looks for before its next
 * round. The first writer wins; a later one leaves it as it is. Nothing else about the shares is coordinated.
 */
final class SharedSoakEnd {
  private final Path file;

  private SharedSoakEnd(Path file) {
    this.file = file;
  }

  /** The shared end of this soak, or empty for a soak on one cluster. */
  static Optional<SharedSoakEnd> of(Soak soak) {
    return soak.sharedEnd() == null ? Optional.empty() : Optional.of(new SharedSoakEnd(Path.of(soak.sharedEnd())));
  }

  /** What another share stopped at, once one did. */
  Optional<String> reached() {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the soak's shared end " + file, e);
    }
  }

  /** Ends every share's soak at this repetition, unless another share ended it first. */
  void end(ScenarioResult stoppedAt, Integer cluster) {
    String line = stoppedAt.cell() + " #" + stoppedAt.repetition() + " (" + stoppedAt.outcome() + ")"
        + (cluster == null ? "" : " on cluster " + cluster);
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE_NEW,
          java.nio.file.StandardOpenOption.WRITE);
    } catch (FileAlreadyExistsException e) {
      // Another share stopped first: its repetition ends the soak, as RunMerge.soakEnd decides when merging.
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the soak's shared end " + file, e);
    }
  }
}
