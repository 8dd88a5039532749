package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The metadata rules every API server applies on create and update (Kubernetes' {@code ValidateObjectMeta} and the
 * per-kind name functions), worded as Kubernetes words them: the name rule of each kind (DNS-1123 subdomain for most
 * objects and for custom resources, DNS-1123 label for Namespaces, DNS-1035 label for Services, path segment for
 * RBAC objects; CronJob names within 52 and Job names within 63 characters), label keys and values, annotation keys
 * and their 256 KiB total.
 */
public final class ObjectMetaRules {

  static final String DNS1123_LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  static final String DNS1123_SUBDOMAIN = DNS1123_LABEL + "(\\." + DNS1123_LABEL + ")*";
  static final String DNS1035_LABEL = "[a-z]([-a-z0-9]*[a-z0-9])?";
  private static final String QUALIFIED_NAME = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final String LABEL_VALUE = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
  private static final String QUALIFIED_NAME_MESSAGE = "must consist of alphanumeric characters, '-', '_' or '.', "
      + "and must start and end with an alphanumeric character";
  public static final int ANNOTATIONS_MAX_BYTES = 256 * 1024;

  /** How a kind's names are checked. */
  public enum NameRule { DNS1123_SUBDOMAIN, DNS1123_LABEL, DNS1035_LABEL, PATH_SEGMENT }

  private static final Map<String, NameRule> NAME_RULES = Map.of(
      "Namespace", NameRule.DNS1123_LABEL,
      "Service", NameRule.DNS1035_LABEL,
      "Role", NameRule.PATH_SEGMENT, "RoleBinding", NameRule.PATH_SEGMENT,
      "ClusterRole", NameRule.PATH_SEGMENT, "ClusterRoleBinding", NameRule.PATH_SEGMENT);
  private static final Set<String> RBAC_GROUP = Set.of("rbac.authorization.k8s.io");

  private ObjectMetaRules() {
  }

  /** The name rule of a kind; custom resources and every kind not listed take DNS-1123 subdomains. */
  public static NameRule nameRule(String group, String kind) {
    NameRule rule = NAME_RULES.get(kind);
    if (rule == null || (rule == NameRule.PATH_SEGMENT && !RBAC_GROUP.contains(group))
        || (rule != NameRule.PATH_SEGMENT && !group.isEmpty())) {
      return NameRule.DNS1123_SUBDOMAIN;
    }
    return rule;
  }

  /** Every broken metadata rule of {@code object}, a {@code group}/{@code kind} object. */
  public static List<FieldError> validate(String group, String kind, JsonNode object) {
    List<FieldError> errors = new ArrayList<>();
    JsonNode metadata = object.path("metadata");
    String name = metadata.path("name").asText("");
    if (name.isEmpty()) {
      errors.add(FieldError.required("metadata.name", "name or generateName is required"));
    } else {
      for (String problem : nameProblems(nameRule(group, kind), name)) {
        errors.add(FieldError.invalid("metadata.name", name, problem));
      }
      if (group.equals("batch") && kind.equals("CronJob") && name.length() > 52) {
        errors.add(FieldError.invalid("metadata.name", name, "must be no more than 52 characters"));
      }
      if (group.equals("batch") && kind.equals("Job") && name.length() > 63) {
        // the Job's pods carry its name as the batch.kubernetes.io/job-name label
        errors.add(FieldError.invalid("spec.template.labels", name, maxLength(63)));
      }
    }
    labels(metadata.path("labels"), errors);
    annotations(metadata.path("annotations"), errors);
    return errors;
  }

  static List<String> nameProblems(NameRule rule, String name) {
    List<String> problems = new ArrayList<>();
    switch (rule) {
      case DNS1123_SUBDOMAIN -> {
        if (name.length() > 253) {
          problems.add(maxLength(253));
        }
        if (!name.matches(DNS1123_SUBDOMAIN)) {
          problems.add(regexError("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
              + "characters, '-' or '.', and must start and end with an alphanumeric character", DNS1123_SUBDOMAIN,
              "example.com"));
        }
      }
      case DNS1123_LABEL -> {
        if (name.length() > 63) {
          problems.add(maxLength(63));
        }
        if (!name.matches(DNS1123_LABEL)) {
          problems.add(regexError("a lowercase RFC 1123 label must consist of lower case alphanumeric characters "
              + "or '-', and must start and end with an alphanumeric character", DNS1123_LABEL, "my-name",
              "123-abc"));
        }
      }
      case DNS1035_LABEL -> {
        if (name.length() > 63) {
          problems.add(maxLength(63));
        }
        if (!name.matches(DNS1035_LABEL)) {
          problems.add(regexError("a DNS-1035 label must consist of lower case alphanumeric characters or '-', "
              + "start with an alphabetic character, and end with an alphanumeric character", DNS1035_LABEL,
              "my-name", "abc-123"));
        }
      }
      case PATH_SEGMENT -> {
        if (name.equals(".") || name.equals("..")) {
          problems.add("may not be '" + name + "'");
        }
        for (String forbidden : new String[] {"/", "%"}) {
          if (name.contains(forbidden)) {
            problems.add("may not contain '" + forbidden + "'");
          }
        }
      }
      default -> throw new IllegalStateException("unknown name rule " + rule);
    }
    return problems;
  }

  private static void labels(JsonNode labels, List<FieldError> errors) {
    Iterator<Map.Entry<String, JsonNode>> fields = labels.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> label = fields.next();
      for (String problem : qualifiedNameProblems(label.getKey())) {
        errors.add(FieldError.invalid("metadata.labels", label.getKey(), problem));
      }
      String value = label.getValue().asText("");
      if (value.length() > 63) {
        errors.add(FieldError.invalid("metadata.labels", value, maxLength(63)));
      }
      if (!value.matches(LABEL_VALUE)) {
        errors.add(FieldError.invalid("metadata.labels", value, regexError("a valid label must be an empty string "
            + "or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
            + "character", LABEL_VALUE, "MyValue", "my_value", "12345")));
      }
    }
  }

  private static void annotations(JsonNode annotations, List<FieldError> errors) {
    long total = 0;
    Iterator<Map.Entry<String, JsonNode>> fields = annotations.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> annotation = fields.next();
      for (String problem : qualifiedNameProblems(annotation.getKey().toLowerCase(Locale.ROOT))) {
        errors.add(FieldError.invalid("metadata.annotations", annotation.getKey(), problem));
      }
      total += annotation.getKey().getBytes(StandardCharsets.UTF_8).length
          + annotation.getValue().asText("").getBytes(StandardCharsets.UTF_8).length;
    }
    if (total > ANNOTATIONS_MAX_BYTES) {
      errors.add(FieldError.tooLong("metadata.annotations", ANNOTATIONS_MAX_BYTES));
    }
  }

  /** Kubernetes' {@code IsQualifiedName}: an optional DNS-1123 subdomain prefix and '/', then a name of 63 at most. */
  static List<String> qualifiedNameProblems(String value) {
    List<String> problems = new ArrayList<>();
    String[] parts = value.split("/", -1);
    String name;
    if (parts.length == 1) {
      name = parts[0];
    } else if (parts.length == 2) {
      String prefix = parts[0];
      name = parts[1];
      if (prefix.isEmpty()) {
        problems.add("prefix part must be non-empty");
      } else {
        nameProblems(NameRule.DNS1123_SUBDOMAIN, prefix).forEach(p -> problems.add("prefix part " + p));
      }
    } else {
      problems.add("a qualified name " + regexError(QUALIFIED_NAME_MESSAGE, QUALIFIED_NAME, "MyName", "my.name",
          "123-abc") + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
      return problems;
    }
    if (name.isEmpty()) {
      problems.add("name part must be non-empty");
    } else if (name.length() > 63) {
      problems.add("name part " + maxLength(63));
    }
    if (!Pattern.matches(QUALIFIED_NAME, name)) {
      problems.add("name part " + regexError(QUALIFIED_NAME_MESSAGE, QUALIFIED_NAME, "MyName", "my.name",
          "123-abc"));
    }
    return problems;
  }

  static String maxLength(int length) {
    return "must be no more than " + length + " characters";
  }

  /** Kubernetes' {@code RegexError}, double space after each example's comma included. */
  static String regexError(String message, String regex, String... examples) {
    StringBuilder text = new StringBuilder(message).append(" (e.g. ");
    for (int i = 0; i < examples.length; i++) {
      if (i > 0) {
        text.append(" or ");
      }
      text.append('\'').append(examples[i]).append("', ");
    }
    return text.append("regex used for validation is '").append(regex).append("')").toString();
  }
}
