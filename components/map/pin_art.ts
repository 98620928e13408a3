/**
 * The pins' art, shared by the static first view and the WebGL map: images
 * at the site root (spec section 1), drawn at 40 CSS px from their 64 px art.
 */
export const PIN_IMAGES = { pickup: "/person.png", destination: "/flag.png", shuttle: "/shuttle.png" } as const;
export const PIN_SIZE = 40;
