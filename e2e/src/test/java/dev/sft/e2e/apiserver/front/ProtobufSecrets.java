package dev.sft.e2e.apiserver.front;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * Decodes the one protobuf body the suite's clients send: a Secret (helm keeps its release records in Secrets and
 * writes them as protobuf). The body is Kubernetes' envelope: the magic "k8s\0", then a runtime.Unknown message
 * (1: typeMeta {1: apiVersion, 2: kind}, 2: raw) whose raw bytes are the v1.Secret message. Only the fields helm and
 * ordinary Secrets use are read: metadata name, generateName, namespace, resourceVersion, labels, annotations,
 * finalizers; data, stringData, type, immutable. Anything else (other kinds) stays unsupported (HTTP 415).
 */
final class ProtobufSecrets {

  private static final byte[] MAGIC = {'k', '8', 's', 0};

  private ProtobufSecrets() {
  }

  /** The Secret as JSON, or empty when the body is not a protobuf Secret. */
  static Optional<String> toJson(byte[] body) {
    if (body.length < MAGIC.length || !Arrays.equals(Arrays.copyOf(body, MAGIC.length), MAGIC)) {
      return Optional.empty();
    }
    try {
      Wire unknown = new Wire(Arrays.copyOfRange(body, MAGIC.length, body.length));
      String apiVersion = null;
      String kind = null;
      byte[] raw = null;
      while (unknown.more()) {
        int field = unknown.tag();
        if (field == 1) {
          Wire typeMeta = unknown.message();
          while (typeMeta.more()) {
            int f = typeMeta.tag();
            if (f == 1) {
              apiVersion = typeMeta.string();
            } else if (f == 2) {
              kind = typeMeta.string();
            } else {
              typeMeta.skip();
            }
          }
        } else if (field == 2) {
          raw = unknown.bytes();
        } else {
          unknown.skip();
        }
      }
      if (!"Secret".equals(kind) || !"v1".equals(apiVersion) || raw == null) {
        return Optional.empty();
      }
      return Optional.of(secret(new Wire(raw)).toString());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private static ObjectNode secret(Wire wire) {
    ObjectNode secret = Serialization.jsonMapper().createObjectNode();
    secret.put("apiVersion", "v1");
    secret.put("kind", "Secret");
    ObjectNode metadata = secret.putObject("metadata");
    while (wire.more()) {
      switch (wire.tag()) {
        case 1 -> metadata(wire.message(), metadata);
        case 2 -> mapEntry(wire.message(), secret.with("data"), true);
        case 3 -> secret.put("type", wire.string());
        case 4 -> mapEntry(wire.message(), secret.with("stringData"), false);
        case 5 -> secret.put("immutable", wire.varint() != 0);
        default -> wire.skip();
      }
    }
    return secret;
  }

  private static void metadata(Wire wire, ObjectNode metadata) {
    while (wire.more()) {
      switch (wire.tag()) {
        case 1 -> metadata.put("name", wire.string());
        case 2 -> metadata.put("generateName", wire.string());
        case 3 -> metadata.put("namespace", wire.string());
        case 6 -> metadata.put("resourceVersion", wire.string());
        case 11 -> mapEntry(wire.message(), metadata.with("labels"), false);
        case 12 -> mapEntry(wire.message(), metadata.with("annotations"), false);
        case 14 -> metadata.withArray("finalizers").add(wire.string());
        default -> wire.skip();
      }
    }
    if (metadata.path("resourceVersion").asText().isEmpty()) {
      metadata.remove("resourceVersion");
    }
  }

  /** One map entry (1: key, 2: value); byte values become base64 as in JSON. */
  private static void mapEntry(Wire wire, ObjectNode into, boolean bytesValue) {
    String key = "";
    String value = "";
    while (wire.more()) {
      int field = wire.tag();
      if (field == 1) {
        key = wire.string();
      } else if (field == 2) {
        byte[] bytes = wire.bytes();
        value = bytesValue ? Base64.getEncoder().encodeToString(bytes) : new String(bytes, StandardCharsets.UTF_8);
      } else {
        wire.skip();
      }
    }
    into.put(key, value);
  }

  /** A protobuf wire-format reader: tags, varints and length-delimited fields. */
  private static final class Wire {
    private final byte[] data;
    private int position;
    private int wireType;

    Wire(byte[] data) {
      this.data = data;
    }

    boolean more() {
      return position < data.length;
    }

    int tag() {
      long tag = varint();
      wireType = (int) (tag & 7);
      return (int) (tag >>> 3);
    }

    long varint() {
      long value = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        byte b = data[position++];
        value |= (long) (b & 0x7f) << shift;
        if ((b & 0x80) == 0) {
          return value;
        }
      }
      throw new IllegalArgumentException("malformed varint");
    }

    byte[] bytes() {
      int length = (int) varint();
      byte[] bytes = Arrays.copyOfRange(data, position, position + length);
      position += length;
      return bytes;
    }

    String string() {
      return new String(bytes(), StandardCharsets.UTF_8);
    }

    Wire message() {
      return new Wire(bytes());
    }

    void skip() {
      switch (wireType) {
        case 0 -> varint();
        case 1 -> position += 8;
        case 2 -> bytes();
        case 5 -> position += 4;
        default -> throw new IllegalArgumentException("unsupported wire type " + wireType);
      }
    }
  }
}
