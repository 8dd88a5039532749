package dev.sft.e2e.apiserver.store;

import java.util.List;

/** One resource the stand-in serves, as discovery describes it. {@code group} is "" for the core group. */
public record ResourceType(String group, String version, String plural, String kind, boolean namespaced,
    List<String> shortNames, boolean statusSubresource, List<String> extraSubresources) {

  public String groupVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** The path prefix of this resource's group/version: /api/v1 or /apis/GROUP/VERSION. */
  public String apiPrefix() {
    return group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
  }
}
