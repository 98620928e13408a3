/**
 * The catalogue's own rules: a key shared by two areas has one Spanish; every
 * placeholder of the English is in the Spanish and no other; plural entries
 * have both forms; each island's texts hold every catalogue text its code
 * names.
 */
import { describe, expect, it } from "vitest";
import { withoutComments } from "../helpers/source_code.ts";
import { AREAS, ES, type Text, textsFor, translate } from "../../lib/i18n/catalogue.ts";
import { EN_PLURALS } from "../../lib/i18n/en.ts";
import type { Entry } from "../../lib/i18n/format.ts";
import { ISLAND_AREAS } from "../../lib/i18n/islands.ts";

const ROOT = new URL("../../", import.meta.url);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const forms = (entry: Entry) => (typeof entry === "string" ? [entry] : [entry.one, entry.other]);

describe("a server text in Spanish with a time", () => {
  it("says la before one o'clock and las before the other hours", () => {
    const text = "Drop-off moved: {name} at {time}" as Text;
    expect(translate("es", text, { name: "Ana", time: "1:30 p.m." })).toBe("Bajada cambiada: Ana a la 1:30 p.m.");
    expect(translate("es", text, { name: "Ana", time: "2:30 p.m." })).toBe("Bajada cambiada: Ana a las 2:30 p.m.");
    expect(translate("es", text, { name: "Ana", time: "11:05 a.m." })).toBe("Bajada cambiada: Ana a las 11:05 a.m.");
    expect(translate("es", text, { name: "Ana", time: "13:30" })).toBe("Bajada cambiada: Ana a las 13:30");
    expect(translate("en", text, { name: "las", time: "1:30" })).toBe("Drop-off moved: las at 1:30");
  });
});

describe("the Spanish catalogue", () => {
  it("gives a key found in two areas the same Spanish in both", () => {
    const seen = new Map<string, { area: string; entry: Entry }>();
    const clashes: string[] = [];
    for (const [area, texts] of Object.entries(AREAS)) {
      for (const [key, entry] of Object.entries(texts as Record<string, Entry>)) {
        const before = seen.get(key);
        if (before && JSON.stringify(before.entry) !== JSON.stringify(entry)) {
          clashes.push(`"${key}": ${before.area} and ${area} differ`);
        }
        seen.set(key, { area, entry });
      }
    }
    expect(clashes).toEqual([]);
  });

  it("keeps each English placeholder in the Spanish, and adds none", () => {
    const wrong: string[] = [];
    for (const [key, entry] of Object.entries(ES) as [Text, Entry][]) {
      const english = placeholders(key).filter((name) => !(EN_PLURALS[key] && name === "count"));
      for (const form of forms(entry)) {
        const spanish = placeholders(form).filter((name) => !(typeof entry !== "string" && name === "count"));
        if (JSON.stringify([...new Set(spanish)]) !== JSON.stringify([...new Set(english)])) {
          wrong.push(`"${key}" → "${form}"`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives every English plural a Spanish plural, and leaves no Spanish text empty", () => {
    for (const key of Object.keys(EN_PLURALS) as Text[]) {
      expect(typeof ES[key], key).toBe("object");
    }
    for (const [key, entry] of Object.entries(ES)) {
      for (const form of forms(entry)) expect(form.trim(), key).not.toBe("");
    }
  });
});

/** Every module an island's bundle reads, found by following its relative imports (type-only imports ship nothing). */
async function moduleGraph(entry: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const visit = async (url: URL) => {
    if (files.has(url.href)) return;
    const source = await Deno.readTextFile(url);
    files.set(url.href, source);
    for (
      const m of source.matchAll(
        /(?:import|export)(?!\s+type\b)[^"']*?from\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g,
      )
    ) {
      const target = new URL(m[1] ?? m[2], url);
      if (/\.tsx?$/.test(target.pathname) && !target.pathname.includes("/lib/i18n/")) await visit(target);
    }
  };
  await visit(new URL(`islands/${entry}.tsx`, ROOT));
  return files;
}

/** Texts an island's modules hold but that island never shows, each with the reason. */
const NOT_SHOWN: Record<string, string[]> = {
  // lib/phone.ts also checks numbers; the menu only formats the signed-in number.
  UserMenu: ["Please enter a valid 10-digit phone number"],
  // The trips and users lists only format riders', drivers' and users' numbers.
  AdminTrips: ["Please enter a valid 10-digit phone number"],
  AdminUsers: ["Please enter a valid 10-digit phone number"],
  // lib/geo.ts also words the rider's out-of-area refusal; the driver's map only measures.
  // components/map/PlacePins.tsx (in the map chunk both screens share) offers a place's uses; only the rider's map
  // is given places.
  DriverScreen: [
    "Sorry, that location is outside our service area. Please select a location within {distance} of {place}.",
    "{count} miles",
    "Go here",
    "Pick up here",
    "Close",
  ],
  // The places editor draws places as draggable pins of its own, never the rider's labelled place pins.
  AdminPlaces: ["Go here", "Pick up here", "Close"],
  // The provider's create form places a new area's centre as the settings map does: it refuses no tap and is given
  // no places.
  AdminConsole: [
    "Sorry, that location is outside our service area. Please select a location within {distance} of {place}.",
    "{count} miles",
    "Go here",
    "Pick up here",
    "Close",
  ],
  // The settings map moves the area itself: it refuses no tap and is given no places.
  AdminSettings: [
    "Sorry, that location is outside our service area. Please select a location within {distance} of {place}.",
    "{count} miles",
    "Go here",
    "Pick up here",
    "Close",
  ],
};

describe("each island's texts", () => {
  for (const [island, areas] of Object.entries(ISLAND_AREAS)) {
    it(`${island} is given every catalogue text its code names`, async () => {
      const given = textsFor("es", areas);
      const missing = new Set<string>();
      for (const [url, source] of await moduleGraph(island)) {
        for (const m of withoutComments(source).matchAll(/"((?:[^"\\\n]|\\.)+)"/g)) {
          const literal = m[1];
          // A lowercase word is a value (a role, a status), not a text a person reads.
          if (/^[a-z-]+$/.test(literal)) continue;
          if (NOT_SHOWN[island]?.includes(literal)) continue;
          if (Object.hasOwn(ES, literal) && !Object.hasOwn(given, literal)) {
            missing.add(`"${literal}" (${url.slice(ROOT.href.length)})`);
          }
        }
      }
      expect([...missing]).toEqual([]);
    });
  }
});
