package dev.sft.e2e.apiserver.validation;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The {@code fieldValidation} query parameter of a write: what the API server does with fields the schema does not
 * declare. {@code Strict} (kubectl's default) refuses them, {@code Warn} (the server's default) drops them with a
 * {@code Warning} header each, {@code Ignore} drops them silently.
 */
enum FieldValidation {
  STRICT, WARN, IGNORE;

  static FieldValidation of(String pathWithQuery) {
    int query = pathWithQuery.indexOf('?');
    if (query < 0) {
      return WARN;
    }
    for (String parameter : pathWithQuery.substring(query + 1).split("&")) {
      String[] pair = parameter.split("=", 2);
      if (pair.length == 2 && pair[0].equals("fieldValidation")) {
        String value = URLDecoder.decode(pair[1], StandardCharsets.UTF_8);
        return switch (value) {
          case "Strict" -> STRICT;
          case "Ignore" -> IGNORE;
          case "Warn", "" -> WARN;
          default -> throw RequestRefused.badRequest("fieldValidation must be one of Ignore, Warn or Strict, got '"
              + value + "'");
        };
      }
    }
    return WARN;
  }
}
