package dev.sft.contract.cli;

import dev.sft.contract.FlagDuration;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Every {@link Duration} option's value, by {@link FlagDuration}'s one syntax ({@link CliConventions} registers it):
 * a bad value is a one-line usage error that names the option and the accepted forms.
 */
final class FlagDurationConverter implements ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    try {
      return FlagDuration.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
