package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A resource quantity ({@code 500m}, {@code 2Gi}, {@code 1e3}) read as Kubernetes' {@code resource.ParseQuantity}
 * reads it: a signed decimal number, then a binary-SI suffix (Ki to Ei), a decimal-SI suffix (n, u, m, k, M to E) or
 * a decimal exponent. A value that is no quantity fails the request's decoding, before validation, so the caller
 * answers 400 rather than 422.
 */
public final class Quantity {

  /** The expression Kubernetes names in its decoding error. */
  static final String QUANTITY_REGEX = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$";
  private static final Pattern FORM = Pattern.compile("([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))(.*)");
  private static final Pattern EXPONENT = Pattern.compile("[eE][+-]?[0-9]+");
  private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
      Map.entry("", BigDecimal.ONE),
      Map.entry("n", new BigDecimal("1e-9")), Map.entry("u", new BigDecimal("1e-6")),
      Map.entry("m", new BigDecimal("1e-3")), Map.entry("k", new BigDecimal("1e3")),
      Map.entry("M", new BigDecimal("1e6")), Map.entry("G", new BigDecimal("1e9")),
      Map.entry("T", new BigDecimal("1e12")), Map.entry("P", new BigDecimal("1e15")),
      Map.entry("E", new BigDecimal("1e18")),
      Map.entry("Ki", BigDecimal.valueOf(2).pow(10)), Map.entry("Mi", BigDecimal.valueOf(2).pow(20)),
      Map.entry("Gi", BigDecimal.valueOf(2).pow(30)), Map.entry("Ti", BigDecimal.valueOf(2).pow(40)),
      Map.entry("Pi", BigDecimal.valueOf(2).pow(50)), Map.entry("Ei", BigDecimal.valueOf(2).pow(60)));

  private Quantity() {
  }

  /** A value that is no quantity: the request cannot be decoded. */
  public static final class Malformed extends RuntimeException {
    Malformed() {
      super("quantities must match the regular expression '" + QUANTITY_REGEX + "'");
    }
  }

  /** The quantity's value; a JSON number is taken as it is, as Kubernetes' decoder takes it. */
  public static BigDecimal parse(JsonNode value) {
    if (value.isNumber()) {
      return value.decimalValue();
    }
    return parse(value.asText(""));
  }

  public static BigDecimal parse(String text) {
    Matcher form = FORM.matcher(text);
    if (!form.matches()) {
      throw new Malformed();
    }
    BigDecimal number = new BigDecimal(form.group(1));
    String suffix = form.group(2);
    BigDecimal factor = SUFFIXES.get(suffix);
    if (factor != null) {
      return number.multiply(factor);
    }
    if (EXPONENT.matcher(suffix).matches()) {
      return number.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1)));
    }
    throw new Malformed();
  }
}
