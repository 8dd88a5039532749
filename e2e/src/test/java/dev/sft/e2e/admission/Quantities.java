package dev.sft.e2e.admission;

import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.math.BigInteger;

/** Resource quantities as numbers (cores, bytes, counts) and back in Kubernetes' canonical notation. */
final class Quantities {
  private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
  private static final String[] BINARY = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  private static final String[] DECIMAL = {"k", "M", "G", "T", "P", "E"};

  private Quantities() {}

  static BigDecimal value(Quantity quantity) {
    return Quantity.getAmountInBytes(quantity);
  }

  /** cpu as cores or millicores ("2", "500m"); bytes with the largest exact binary or decimal suffix ("1Gi", "1G"). */
  static String format(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    if (stripped.scale() > 0) {
      BigDecimal milli = value.multiply(THOUSAND).stripTrailingZeros();
      return (milli.scale() > 0 ? milli.setScale(0, java.math.RoundingMode.UP) : milli).toPlainString() + "m";
    }
    BigInteger whole = stripped.toBigIntegerExact();
    if (whole.signum() == 0) {
      return "0";
    }
    String binary = suffixed(whole, BigInteger.valueOf(1024), BINARY);
    String decimal = suffixed(whole, BigInteger.valueOf(1000), DECIMAL);
    return binary.length() <= decimal.length() ? binary : decimal;
  }

  private static String suffixed(BigInteger whole, BigInteger base, String[] suffixes) {
    BigInteger value = whole;
    int step = -1;
    while (step + 1 < suffixes.length && value.mod(base).signum() == 0) {
      value = value.divide(base);
      step++;
    }
    return value + (step < 0 ? "" : suffixes[step]);
  }
}
