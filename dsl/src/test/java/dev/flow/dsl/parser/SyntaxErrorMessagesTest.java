package dev.flow.dsl.parser;

import static dev.flow.dsl.FlowTesting.compile;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Syntax errors (FLOW001) say what was expected and what was found, in words, at the offending token. */
class SyntaxErrorMessagesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            workflow x {                                        | 1:12 | expected "}" to close workflow "x", found end of file
            workflow x { task a { prompt } }                    | 1:30 | expected a string in double quotes after "prompt", found "}"
            workflow { }                                        | 1:10 | expected a name after "workflow", found "{"
            workflow x { state { a: int = 1 } } }               | 1:37 | unexpected "}": there is no open block for it to close (check the braces above)
            @ workflow x { }                                    | 1:1  | unexpected "@": only imports, workflows, gates and agents may stand at the top of a file
            workflow x { task a { timeout 5 } }                 | 1:31 | expected a duration such as 30s, 10m or 2h, found "5"
            workflow x { start -> end when (1 == 1 }            | 1:40 | expected ")" to close the parenthesis, found "}"
            workflow x { prompt "p" }                           | 1:14 | expected "}" to close workflow "x", found "prompt"
            workflow x { input y: int = 99999999999999999999 }  | 1:29 | "99999999999999999999" is not a whole number that fits in 64 bits
            workflow x { task a { retry 9999999999 } }          | 1:29 | "9999999999" is too large: counts go up to 2147483647
            workflow x { task `oops }                           | 1:19 | this backquoted name is not closed: add the closing ` before the end of the line
            workflow x { /* never closed                        | 1:14 | this comment is not closed: add */
            workflow x { input task: string }                   | 1:20 | expected a name after "input", found "task"; "task" is a keyword: write ^task to use it as a name
            workflow x { task a { outputs done, max } }         | 1:37 | unexpected "max" after "," in task "a"; "max" is a keyword: write ^max to use it as a name
            """)
    void syntaxErrorsAreExplained(String text, String at, String message) {
        var diagnostics = compile(text).diagnostics();
        assertThat(diagnostics).isNotEmpty();
        Diagnostic first = diagnostics.get(0);
        assertThat(first.code()).isEqualTo(Code.SYNTAX_ERROR);
        assertThat(first.source().line() + ":" + first.source().column()).isEqualTo(at.strip());
        assertThat(first.message()).isEqualTo(message.strip());
    }

    @Test
    void aValueTheParserHadToAssumeIsNotReportedInXtextsWords() {
        var messages = compile("workflow x { task a { retry } }").diagnostics().stream().map(Diagnostic::message).toList();
        assertThat(messages).noneMatch(m -> m.contains("ValueConverter")).contains("expected a number here");
    }
}
