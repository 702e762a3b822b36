package dev.flow.store;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.ClassTemplate;
import org.junit.jupiter.api.extension.AfterClassTemplateInvocationCallback;
import org.junit.jupiter.api.extension.BeforeClassTemplateInvocationCallback;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContext;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContextProvider;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs every test of a class once per store, SQLite then PostgreSQL, reported as {@code [sqlite]}
 * and {@code [postgresql]}: the engine's behaviour suite is one suite for both. Tests pick the
 * store up through {@link StoreKind#current()} (the engine tests' {@code Harness} does), so a test
 * added to such a class runs on both without a word about stores. {@code -Dflow.test.stores=postgresql}
 * (or {@code sqlite}) runs one only, for a quick look.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ClassTemplate
@ExtendWith(BothStores.Provider.class)
public @interface BothStores {

    /** The two runs of a class. */
    final class Provider implements ClassTemplateInvocationContextProvider {
        @Override
        public boolean supportsClassTemplate(ExtensionContext context) {
            return true;
        }

        @Override
        public Stream<ClassTemplateInvocationContext> provideClassTemplateInvocationContexts(ExtensionContext context) {
            return chosen().stream().map(Provider::run);
        }

        private static List<StoreKind> chosen() {
            String only = System.getProperty("flow.test.stores", "").strip().toLowerCase(Locale.ROOT);
            return Arrays.stream(StoreKind.values()).filter(k -> only.isEmpty() || only.contains(k.name().toLowerCase(Locale.ROOT))).toList();
        }

        private static ClassTemplateInvocationContext run(StoreKind kind) {
            return new ClassTemplateInvocationContext() {
                @Override
                public String getDisplayName(int invocationIndex) {
                    return "[" + kind.name().toLowerCase(Locale.ROOT) + "]";
                }

                @Override
                public List<Extension> getAdditionalExtensions() {
                    return List.of((BeforeClassTemplateInvocationCallback) c -> StoreKind.use(kind),
                            (AfterClassTemplateInvocationCallback) c -> StoreKind.use(StoreKind.SQLITE));
                }
            };
        }
    }
}
