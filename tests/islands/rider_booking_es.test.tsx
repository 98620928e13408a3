/**
 * Booking ahead on the rider screen, in Spanish: the Now / Later
 * choice, its days and times as a Spanish reader writes them, and the
 * Upcoming rides list. The browser's clock is Monday 5 January 2026,
 * 10:00 in Greer (America/New_York); the schedule runs 07:00-19:00 Monday
 * to Friday there.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { booked, bookingHooks, open, options, select, spaced, world } from "./rider_booking_world.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

bookingHooks();

describe("RiderScreen: booking ahead, in Spanish", () => {
  it("offers Ahora / Más tarde, the days and times in Spanish, and books with Solicitar viaje", async () => {
    await open("es");
    expect(await screen.findByRole("group", { name: "Cuándo" })).toBeDefined();
    expect((screen.getByRole("radio", { name: "Ahora" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Más tarde" }));
    expect(options("Fecha")[0]).toBe("lun, 5 de ene");
    expect(options("Fecha")).toHaveLength(6);
    expect(options("Hora")[0]).toBe("10:30 a. m.");
    fireEvent.change(select("Fecha"), { target: { value: "2026-01-06" } });
    fireEvent.change(select("Hora"), { target: { value: "15:00" } });
    expect(options("Hora")).toContain("3:00 p. m.");
    expect(spaced(screen.getByText(/^Solicitar viaje lo reserva/).textContent)).toBe(
      "Solicitar viaje lo reserva para el mar, 6 de ene, 3:00 p.m.",
    );
    fireEvent.change(screen.getByLabelText("Destino"), { target: { value: "City Hall" } });
    fireEvent.click(screen.getByRole("button", { name: "Solicitar viaje" }));
    await waitFor(() => expect(world.posted).toHaveLength(1));
    expect(world.posted[0]).toMatchObject({ scheduledFor: Date.UTC(2026, 0, 6, 20, 0) });
    expect(await screen.findByText("Su viaje está reservado.")).toBeDefined();
  });

  it("lists the bookings under Próximos viajes with a Cancelar button each", async () => {
    world.upcoming = [booked("01BOOK1000000000000000000A", Date.UTC(2026, 0, 6, 14, 0), "City Hall")];
    await open("es");
    const list = await screen.findByRole("region", { name: "Próximos viajes" });
    await waitFor(() => expect(within(list).queryAllByRole("listitem")).toHaveLength(1));
    expect(spaced(within(list).getByRole("listitem").textContent)).toBe(
      "mar, 6 de ene, 9:00 a.m.City HallCambiarCancelar",
    );
    const cancel = within(list).getByRole("button", { name: /^Cancelar el viaje de mar, 6 de ene/ });
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Próximos viajes" })).toBeNull());
  });
});
