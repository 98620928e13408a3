/** The rider's standing rides page on a Spanish page, with the texts components/Island.tsx gives the island. */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import StandingRides from "../../islands/StandingRides.tsx";
import { ES, type Text } from "../../lib/i18n/catalogue.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { json, signedInTests } from "./signed_in.ts";
import { MWF, PLACES, setUpStanding } from "./standing_rides_world.tsx";

signedInTests();

const spanish = () =>
  render(
    inLanguage(
      "es",
      "StandingRides",
      <StandingRides tenant="greer" timeZone="America/New_York" passengers={{ min: 1, max: 5 }} />,
    ),
  );

/** English catalogue texts (whose Spanish differs) still on the screen. */
function englishLeft(root: HTMLElement): string[] {
  const seen = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) seen.add(node.textContent!.trim());
  for (const el of root.querySelectorAll("*")) {
    const label = el.getAttribute("aria-label");
    if (label) seen.add(label.trim());
    if (el instanceof HTMLOptionElement) seen.add(el.text.trim());
  }
  return [...seen].filter((text) => Object.hasOwn(ES, text) && ES[text as Text] !== text);
}

describe("StandingRides in Spanish", () => {
  it("lists the ride, its days, time and next dates in Spanish, with no English left", async () => {
    setUpStanding();
    const { container } = spanish();
    const card = await screen.findByRole("listitem", { name: "A Dialysis Center" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Viajes fijos");
    // The clock's words are Intl's for es-US ("9:00 a. m.", its spaces as the runtime's ICU has them).
    expect(within(card).getByText(/^Lun, Mié, Vie, llegada antes de las 9:00 a\.\s?m\.$/)).toBeDefined();
    expect(within(card).getByRole("button", { name: /^Omitir mié, 7( de)? ene$/ })).toBeDefined();
    expect(within(card).getByRole("button", { name: "Pausar" })).toBeDefined();
    expect(screen.getByText("1 de 5 viajes fijos")).toBeDefined();
    expect(screen.getByRole("form", { name: "Nuevo viaje fijo" })).toBeDefined();
    expect(englishLeft(container)).toEqual([]);
  });

  it("sets one up with the day chips in Spanish and says it was saved", async () => {
    setUpStanding({ "POST /greer/api/rides/recurring": () => json({ standingRide: MWF }, 201) }, []);
    spanish();
    const form = await screen.findByRole("form", { name: "Nuevo viaje fijo" });
    fireEvent.change(within(form).getByLabelText("Desde"), { target: { value: PLACES[0].id } });
    fireEvent.change(within(form).getByLabelText("Hasta"), { target: { value: PLACES[1].id } });
    fireEvent.click(within(form).getByRole("button", { name: "Guardar viaje fijo" }));
    expect(within(form).getByRole("alert").textContent).toBe(
      "Los días deben ser una lista de días de 0 (domingo) a 6 (sábado)",
    );
    for (const day of ["Lunes", "Miércoles", "Viernes"]) {
      fireEvent.click(within(form).getByRole("button", { name: day }));
    }
    fireEvent.click(within(form).getByRole("button", { name: "Guardar viaje fijo" }));
    expect((await screen.findByRole("status")).textContent).toBe("Viaje fijo guardado.");
  });
});
