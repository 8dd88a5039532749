package dev.sft.e2e.node.runtime;

import java.nio.file.Path;

/** A host folder or file bind-mounted into a container. */
public record Mount(Path hostPath, String containerPath, boolean readOnly) {
  String volumeArg() {
    return hostPath + ":" + containerPath + (readOnly ? ":ro" : "");
  }
}
