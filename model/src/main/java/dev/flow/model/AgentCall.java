package dev.flow.model;

import java.util.List;

/**
 * What a task asks of its agent, and what it hands it: who answers (an agent, or the agent that
 * plays a role), the prompt and how its placeholders are written, whether a later run continues the
 * conversation, and the files and values of the key-value store it is pointed at. A command task
 * has no agent and no prompt; its context files and inputs still reach it ({@code
 * FLOW_CONTEXT_FILES}, its context file).
 *
 * <p>The settings of one agent call live here and nowhere else: a new one is a component of this
 * record, set through its {@link Builder}, and read where it is used.
 *
 * @param agent the agent to run; null for a command task, or for a task that names only a role
 * @param role a role name passed to the agent (dialect 1's {@code role}); with no agent and no
 *     command, the agent configured for the role runs the task. May be null
 * @param prompt the prompt template, with {@code ${name}} placeholders (or {@code {name}} ones, see
 *     {@code promptSyntax}); may be null
 * @param promptSyntax how the prompt's placeholders are written; null for Flow's {@code ${name}}
 * @param session whether a later run of the task continues its agent's conversation; null when not
 *     written, which means {@link SessionMode#FRESH}
 * @param contextFiles files the task is pointed at: listed in the agent's prompt and in {@code FLOW_CONTEXT_FILES}
 * @param inputs values of the key-value store the task reads ({@code inputs}), in the order written
 */
public record AgentCall(
        NameRef agent,
        String role,
        String prompt,
        PromptSyntax promptSyntax,
        SessionMode session,
        List<String> contextFiles,
        List<KvRef> inputs) {

    /** No agent, no role, no prompt, nothing handed: the call of a command task that writes none of these. */
    public static final AgentCall NONE = builder().build();

    public AgentCall {
        contextFiles = Models.list(contextFiles);
        inputs = Models.list(inputs);
        // Flow's own syntax is the default: kept as null, so that a graph says "format" only where it is one.
        promptSyntax = promptSyntax == PromptSyntax.FLOW ? null : promptSyntax;
    }

    /** Whether a later run continues the conversation of the previous one. */
    public boolean continuesSession() {
        return session == SessionMode.CONTINUE;
    }

    /** The syntax of the prompt's placeholders. */
    public PromptSyntax syntax() {
        return promptSyntax == null ? PromptSyntax.FLOW : promptSyntax;
    }

    /** A builder whose components all start empty. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this call's components, for a copy that differs in a few of them. */
    public Builder toBuilder() {
        return new Builder().agent(agent).role(role).prompt(prompt).promptSyntax(promptSyntax).session(session).contextFiles(contextFiles)
                .inputs(inputs);
    }

    /** Builds an {@link AgentCall}; each setter is documented on the component of the same name. */
    public static final class Builder {
        private NameRef agent;
        private String role;
        private String prompt;
        private PromptSyntax promptSyntax;
        private SessionMode session;
        private List<String> contextFiles = List.of();
        private List<KvRef> inputs = List.of();

        private Builder() {}

        public Builder agent(NameRef agent) {
            this.agent = agent;
            return this;
        }

        public Builder role(String role) {
            this.role = role;
            return this;
        }

        public Builder prompt(String prompt) {
            this.prompt = prompt;
            return this;
        }

        public Builder promptSyntax(PromptSyntax promptSyntax) {
            this.promptSyntax = promptSyntax;
            return this;
        }

        public Builder session(SessionMode session) {
            this.session = session;
            return this;
        }

        public Builder contextFiles(List<String> contextFiles) {
            this.contextFiles = contextFiles;
            return this;
        }

        public Builder inputs(List<KvRef> inputs) {
            this.inputs = inputs;
            return this;
        }

        public AgentCall build() {
            return new AgentCall(agent, role, prompt, promptSyntax, session, contextFiles, inputs);
        }
    }
}
