package dev.sft.api.schema;

/**
 * The access modes Kubernetes knows, as the items of {@code claimTemplate.accessModes}: an enum bounds the strings
 * the list's CEL rules read, so their estimated cost stays low; the rules themselves narrow it to the two sft can use.
 */
public enum AccessModeSchema {
  ReadWriteOnce,
  ReadOnlyMany,
  ReadWriteMany,
  ReadWriteOncePod
}
