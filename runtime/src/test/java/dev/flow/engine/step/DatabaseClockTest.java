package dev.flow.engine.step;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How readings of the database's clock become the offset a process keeps (no database needed: readings are given). */
class DatabaseClockTest {
    private final DatabaseClock clock = new DatabaseClock(null);

    @Test
    void theFirstReadingIsTakenAtTheMiddleOfItsRoundTrip() {
        clock.take(10_050, 1_000, 1_100);
        assertThat(clock.offset()).isEqualTo(9_000);
    }

    @Test
    void aSlowReadingThatAgreesWithTheOffsetDoesNotMoveIt() {
        clock.take(10_050, 1_000, 1_100);
        // the database answered at once, and the answer took 23 s to come back: its middle is 11.5 s off
        clock.take(12_010, 3_000, 26_000);
        assertThat(clock.offset()).isEqualTo(9_000);
    }

    @Test
    void aMoreExactReadingRefinesTheOffset() {
        clock.take(10_050, 1_000, 1_100);
        clock.take(12_004, 3_000, 3_010);
        assertThat(clock.offset()).isEqualTo(8_999);
    }

    @Test
    void aReadingThatContradictsTheOffsetReplacesItHoweverSlow() {
        clock.take(10_050, 1_000, 1_100);
        // the machine's clock was stepped an hour back: the new reading cannot hold the old offset
        clock.take(12_000 + 3_600_000, 3_000, 5_000);
        assertThat(clock.offset()).isEqualTo(3_600_000 + 8_000);
    }
}
