package dev.flow.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LaunchMechanismTest {
    @Test
    void vforkOnLinuxBeforeTheJdkThatDeprecatesIt() {
        assertThat(LaunchMechanism.choose(null, 17, "Linux")).isEqualTo("VFORK");
        assertThat(LaunchMechanism.choose(null, 24, "Linux")).isEqualTo("VFORK");
    }

    @Test
    void theJdksChoiceFromTwentyFiveOnAndElsewhereThanLinux() {
        assertThat(LaunchMechanism.choose(null, 25, "Linux")).isNull();
        assertThat(LaunchMechanism.choose(null, 17, "Mac OS X")).isNull();
    }

    @Test
    void neverOverTheUsersChoice() {
        assertThat(LaunchMechanism.choose("POSIX_SPAWN", 17, "Linux")).isNull();
    }
}
