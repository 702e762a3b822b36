package dev.flow.dsl.validation;

public class FlowValidator extends AbstractFlowValidator {
}
