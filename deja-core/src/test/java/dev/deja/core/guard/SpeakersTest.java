package dev.deja.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpeakersTest {
  @ParameterizedTest(name = "''{0}'' → ''{1}''")
  @CsvSource(delimiter = '|', value = {
      "User is a retired nurse.|I am a retired nurse.",
      "user isn't a fan of horror films.|I am not a fan of horror films.",
      "User has two cats.|I have two cats.",
      "User hasn't got a car.|I haven't got a car.",
      "User was born in Porto.|I was born in Porto.",
      "User doesn't drink coffee.|I don't drink coffee.",
      "User’s sister lives in Oslo.|My sister lives in Oslo.",
      "The user prefers tea.|I prefers tea.",
      "Dr Lind is the user's dentist.|Dr Lind is my dentist.",
      "Remind the user to call the bank.|Remind me to call the bank.",
      // Nothing about the user: as written.
      "I am a retired nurse.|I am a retired nurse.",
      "The username is on the card.|The username is on the card.",
      "Users of the app get a discount.|Users of the app get a discount.",
      "Superuser access is off.|Superuser access is off."})
  void aMemoryAboutTheUserIsReadInTheFirstPerson(String text, String expected) {
    assertThat(Speakers.firstPerson(text)).isEqualTo(expected);
  }
}
