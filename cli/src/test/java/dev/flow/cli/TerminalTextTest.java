package dev.flow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

    @Test
    void escapesShowAsBackslashEAndOtherControlsAsQuestionMarks() {
        assertThat(TerminalText.line("\u001B[2J\u001B[31mred\u001B[0m")).isEqualTo("\\e[2J\\e[31mred\\e[0m");
        assertThat(TerminalText.line("bell\u0007 back\b del\u007F csi\u009B1m nul\u0000")).isEqualTo("bell? back? del? csi?1m nul?");
        assertThat(TerminalText.line("over\rwrite")).isEqualTo("over?write");
    }

    @Test
    void lineBreaksAndTabsBecomeSpacesAndPlainTextIsUntouched() {
        assertThat(TerminalText.line("one\ntwo\r\nthree\tfour")).isEqualTo("one two three four");
        String plain = "déjà vu → 完了 \"quoted\" \\e as typed";
        assertThat(TerminalText.line(plain)).isSameAs(plain);
        assertThat(TerminalText.line(null)).isNull();
    }
}
