package dev.flow.dsl.validation;

import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.validate;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.flow.FlowFile;
import java.util.Arrays;
import org.eclipse.xtext.validation.Check;
import org.junit.jupiter.api.Test;

/**
 * The language validates a file from its root ({@link FileDiagnostician} does not descend into the
 * elements), so a check declared for an inner element would never run.
 */
class FlowValidatorShapeTest {

    @Test
    void everyCheckStartsFromTheFile() {
        var checks = Arrays.stream(FlowValidator.class.getMethods()).filter(m -> m.isAnnotationPresent(Check.class)).toList();
        assertThat(checks).isNotEmpty().allSatisfy(m -> assertThat(m.getParameterTypes()).as(m.getName()).containsExactly(FlowFile.class));
    }

    @Test
    void aProblemDeepInsideAWorkflowIsStillReported() {
        var issues = validate(parse("workflow w {\n  task a { agent claude gates nothing }\n  start -> a -> end\n}\n"));
        assertThat(issues).extracting(i -> i.getCode() + "@" + i.getLineNumber()).containsExactly("FLOW202@2");
    }

}
