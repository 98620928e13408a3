/**
 * English needs no catalogue of its own: every text's key is its English
 * wording, word for word as the spec has it. Only texts with plural forms
 * have an entry, with the English forms.
 */
import type { Plural } from "./format.ts";
import type { Text } from "./catalogue.ts";

export const EN_PLURALS: Partial<Record<Text, Plural>> = {
  "{count} minutes ago": { one: "1 minute ago", other: "{count} minutes ago" },
  "{count} hours ago": { one: "1 hour ago", other: "{count} hours ago" },
  "{count} days ago": { one: "1 day ago", other: "{count} days ago" },
  "{count} minutes": { one: "1 minute", other: "{count} minutes" },
  "{count} passengers": { one: "1 passenger", other: "{count} passengers" },
  "{count} hours": { one: "1 hour", other: "{count} hours" },
  "{count} days": { one: "1 day", other: "{count} days" },
  "in the last {count} days": { one: "in the last day", other: "in the last {count} days" },
  "{count} miles": { one: "1 mile", other: "{count} miles" },
  "{count} places found": { one: "1 place found", other: "{count} places found" },
  "{count} seats": { one: "1 seat", other: "{count} seats" },
  "{count} wheelchair spaces": { one: "1 wheelchair space", other: "{count} wheelchair spaces" },
  "You already have {count} standing rides.": {
    one: "You already have 1 standing ride.",
    other: "You already have {count} standing rides.",
  },
  "You already have {count} rides booked.": {
    one: "You already have 1 ride booked.",
    other: "You already have {count} rides booked.",
  },
};
