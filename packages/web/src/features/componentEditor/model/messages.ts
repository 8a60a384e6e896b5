// Every text the component editor shows that the spec fixes (admin-decks-editor.md sections 2, 5, 8).
// One place, so the UI, the rules and the tests cannot drift apart.

export const MESSAGES = {
  loadingImages: "Loading images...",
  loadingComponents: "Loading components...",
  loadFailed: "Failed to load data",
  saveFailed: "Failed to save data",
  confirmDeletion: "Confirm deletion?",
  noConditions: "Error: No conditions",
  resultNotFound: "Error: Selected result not found",
  nameEmpty: "Name cannot be empty",
  nameReserved: "Name is reserved",
  nameExists: "Name already exists",
  nameUnderscores: 'Cannot start with "__"',
  incorrectDims: "Incorrect dims",
  coordTaken: "Cannot save over a different named coordinate",
  saveAndClose: "Save and Close",
} as const;

/** Why a game piece name is refused (section 5); the editor disables add and rename and says why. */
export const PIECE_NAME_HINTS = {
  "too-short": "At least 3 characters",
  underscores: MESSAGES.nameUnderscores,
  used: MESSAGES.nameExists,
  reserved: MESSAGES.nameReserved,
  // Names the tree view files under another kind: such a piece could never be renamed or deleted.
  deck: 'Names starting with "deck-" belong to decks',
  setting: "version, baseScale and dims are settings of the tree",
} as const;

export type PieceNameProblem = keyof typeof PIECE_NAME_HINTS;
