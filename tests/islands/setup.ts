/**
 * For every island test: Testing Library's findBy* and waitFor wait up to 5 s
 * (1 s by default) for what a screen shows after its fetches. A loaded 2-core
 * machine running the suites side by side took longer than 1 s to draw an
 * answer that had already arrived; an assertion still fails as soon as the
 * wait ends, and a passing one returns the moment the screen shows it.
 */
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5_000 });
