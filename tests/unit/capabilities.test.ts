/**
 * Who may do what is one table (lib/roles.ts); the page guard, the socket
 * admission and the menu answer from it, so each role set passes the same
 * doors everywhere. (The HTTP guards' outcomes per route: tests/access_matrix.ts.)
 */
import { describe, expect, it } from "vitest";
import { makeT } from "../../components/texts.tsx";
import { can, canAccess, CAPABILITIES, type Capability, homePage, isRole, type Role } from "../../lib/roles.ts";
import { mayOpen } from "../../live/admission.ts";
import { menuSections } from "../../islands/UserMenu.tsx";

/** What each person may do, written out by hand from the spec's access rules. */
const EXPECTED: [Role[], Capability[]][] = [
  [[], []],
  [["rider"], ["ride"]],
  [["driver"], ["ride", "drive"]],
  [["rider", "driver"], ["ride", "drive"]],
  // A dispatcher is not a driver, and changes no settings, roles, places or schedule (those are `administer`).
  [["dispatcher"], ["ride", "dispatch"]],
  [["rider", "dispatcher"], ["ride", "dispatch"]],
  [["driver", "dispatcher"], ["ride", "drive", "dispatch"]],
  [["admin"], ["ride", "drive", "dispatch", "administer"]],
  [["super"], ["ride", "drive", "dispatch", "administer", "manageAdmins", "deleteUsers", "runProvider"]],
  [["rider", "super"], ["ride", "drive", "dispatch", "administer", "manageAdmins", "deleteUsers", "runProvider"]],
];

describe("the capability table", () => {
  it("gives each role set exactly its capabilities", () => {
    for (const [roles, expected] of EXPECTED) {
      const given = (Object.keys(CAPABILITIES) as Capability[]).filter((c) => can(roles, c));
      expect(given, roles.join("+") || "no role").toEqual(expected);
    }
  });

  it("is what the page guard, the sockets and the menu answer", () => {
    const t = makeT("en", {});
    for (const [roles, expected] of EXPECTED) {
      const who = roles.join("+") || "no role";
      const has = (c: Capability) => expected.includes(c);
      expect([canAccess(roles, "rider"), canAccess(roles, "driver"), canAccess(roles, "admin")], who)
        .toEqual([has("ride"), has("drive"), has("administer")]);
      expect([mayOpen("riders", roles), mayOpen("drivers", roles), mayOpen("drivers", roles, true)], who)
        .toEqual([has("ride"), has("drive"), has("dispatch")]);
      expect(menuSections(t, "greer", roles).map((s) => s.id), who).toEqual([
        "account",
        ...(has("drive") ? ["driver"] : []),
        ...(has("dispatch") ? ["dispatch"] : []),
        ...(has("administer") ? ["admin"] : []),
      ]);
      if (roles.length) {
        const home = has("administer") ? "admin" : has("dispatch") ? "dispatch" : has("drive") ? "driver" : "rider";
        expect(homePage(roles), who).toBe(home);
      }
    }
    // Asking for every ride on the riders socket is never allowed, whoever asks.
    expect(mayOpen("riders", ["super"], true)).toBe(false);
  });
});

describe("isRole", () => {
  it("knows the five roles' names and nothing else, not even an object's own property names", () => {
    expect(["rider", "driver", "dispatcher", "admin", "super"].every(isRole)).toBe(true);
    const inherited = ["toString", "__proto__", "constructor", "valueOf", "hasOwnProperty"];
    expect([null, undefined, 3, ...inherited, "Admin", "", {}, ["rider"]].some(isRole)).toBe(false);
  });
});
