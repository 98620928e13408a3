/**
 * How many generated requests each bad-input property sends per CI run
 * (at least 10,000 in all, so rare shapes come up; tests/api/bad_input_public.test.ts
 * checks the sum). Each test file asserts it sent its share.
 */
export const BAD_INPUT_RUNS = {
  public: {
    inquiries: 900,
    login: 700,
    verify: 700,
    profile: 700,
    accountDelete: 300,
    pushDevices: 400,
    sessionCalls: 300,
    photoUpload: 120,
    photoGet: 300,
    unknownPaths: 400,
    languageSwitch: 200,
    pmtilesRanges: 300,
    smsInbound: 600,
    webApp: 300,
    gtfsFlex: 200,
  },
  rides: {
    requestRide: 1200,
    requestPlanned: 300,
    moveRide: 900,
    changeRide: 300,
    deleteRide: 300,
    availability: 600,
    location: 400,
    requestBooking: 600,
    rateRide: 400,
    historyCursor: 200,
    standingRides: 500,
    standingRideIds: 200,
  },
  admin: {
    trips: 800,
    tripsCsv: 300,
    schedule: 800,
    settings: 300,
    placeWrites: 600,
    placeDeletes: 200,
    vehicleWrites: 400,
    vehicleDeletes: 150,
    dispatchAssign: 300,
    dispatchPin: 200,
    dispatchCancel: 200,
    conversationReply: 150,
    dispatchBookings: 200,
    grantRole: 400,
    revokeRole: 300,
    removeUser: 200,
    addPerson: 300,
    blockUser: 200,
    reads: 600,
    sockets: 300,
    superCreate: 300,
    superStatus: 200,
    superInquiries: 200,
    logoUpload: 120,
    logoRemove: 100,
    logoGet: 200,
    liftSuspension: 200,
    unlockMember: 200,
    superLocks: 200,
  },
} as const;

export function plannedRuns(area: keyof typeof BAD_INPUT_RUNS): number {
  return Object.values(BAD_INPUT_RUNS[area]).reduce((a: number, b: number) => a + b, 0);
}

export const PLANNED_TOTAL = (Object.keys(BAD_INPUT_RUNS) as (keyof typeof BAD_INPUT_RUNS)[])
  .reduce((n, area) => n + plannedRuns(area), 0);
