package dev.sft.harness.cli;

import dev.sft.contract.FlagDuration;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Every time flag's value, by {@link FlagDuration}'s one syntax. Registered for {@link Duration} on every command
 * ({@link SftCli#commandLine}); a bad value is picocli's one-line usage error naming the option.
 */
final class DurationConverter implements ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    try {
      return FlagDuration.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
