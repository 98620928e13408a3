/**
 * Past trips of people who deleted their account: the admin's
 * trips table says "Deleted rider" / "Deleted driver", in English and
 * Spanish, and shows no phone for them; the Activity page words the deletion.
 */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TripsTable } from "../../components/admin/TripsTable.tsx";
import { activityWords } from "../../components/activity/audit_words.ts";
import { makeT } from "../../components/texts.tsx";
import { textsFor } from "../../lib/i18n/catalogue.ts";
import { toTrip } from "../../lib/trips.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { DRIVER_ID, makeRide } from "./rides_fixtures.ts";

const gone = toTrip(makeRide({
  status: "completed",
  assignedDriverId: DRIVER_ID,
  riderName: null,
  riderPhone: "",
  riderPhotoUrl: null,
  riderDeleted: true,
  driverName: null,
  driverPhone: null,
  driverDeleted: true,
}));

describe("trips of deleted people", () => {
  it("name neither the rider nor the driver, and show no phone", () => {
    const { container } = render(<TripsTable trips={[gone]} now={Date.now()} onDelete={() => {}} />);
    expect(screen.getByText("Deleted rider")).toBeDefined();
    expect(screen.getByText("Deleted driver")).toBeDefined();
    expect(container.querySelector(".cell__phone")).toBeNull();
  });

  it("say so in Spanish", () => {
    render(inLanguage("es", "AdminTrips", <TripsTable trips={[gone]} now={Date.now()} onDelete={() => {}} />));
    expect(screen.getByText("Pasajero eliminado")).toBeDefined();
    expect(screen.getByText("Conductor eliminado")).toBeDefined();
  });
});

describe("the Activity entry of a deleted account", () => {
  const entry = {
    id: "01AUDIT0000000000000000000",
    at: 0,
    action: "account.deleted",
    by: DRIVER_ID,
    byName: null,
    target: DRIVER_ID,
    targetName: null,
    tenant: "greer",
    details: {},
  };
  it("says a member deleted their account, naming nobody", () => {
    expect(activityWords(makeT("en", {}), entry)).toEqual({ text: "A member deleted their account", withBy: false });
    expect(activityWords(makeT("es", textsFor("es", ["activity"])), entry).text).toBe("Un miembro eliminó su cuenta");
  });
});
