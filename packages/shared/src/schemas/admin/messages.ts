/** The toasts of the admin area (spec 001 section 8). */
export const AdminToasts = {
  errorTitle: "Error",
  saveFailed: (type: "puzzle" | "task") => (type === "puzzle" ? "Failed to save puzzle" : "Failed to save task"),
  saved: (type: "puzzle" | "task", created: boolean) => {
    const noun = type === "puzzle" ? "Puzzle" : "Trial";
    const verb = created ? "created" : "updated";
    return { title: `${noun} ${verb}`, message: `The ${noun.toLowerCase()} has been ${verb} successfully` };
  },
  productAddedTitle: "Product added",
  productAdded: "Product has been added to the gift guide",
  productRemovedTitle: "Product removed",
  productRemoved: "Product has been removed from the gift guide",
  productAddFailed: "Failed to add product",
  productRemoveFailed: "Failed to remove product",
  noVariants: "Product has no variants available",
  processingCompleteTitle: "Processing Complete",
  processingComplete: (awarded: number, already: number, notFound: number) =>
    `Awarded credits to ${awarded} users. ${already} already completed, ${notFound} not found.`,
  processingFailedTitle: "Processing Failed",
  processingFailed: "Failed to process codes",
  noCodesTitle: "No codes provided",
  noCodes: "Please enter some codes to process",
  noValidCodesTitle: "No valid codes",
  noValidCodes: "Could not extract any valid codes from the input",
  seededTitle: "Success!",
  seeded: (name: string, count: number) => `${name} seeded successfully. ${count} items added.`,
  seedFailed: (name: string) => `Failed to seed ${name}`,
} as const;

/** Refusals of the admin calls, in words an operator can act on. */
export const AdminMessages = {
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  answerRequired: "Answer is required",
  creditsWhole: "Credits must be a whole number of 0 or more",
  dateInvalid: "Date must be a real date (YYYY-MM-DD)",
  maxWinnersPositive: "Max winners must be a whole number of 1 or more, or empty",
  imageInvalid: "The image must be a PNG, JPEG or WebP file, or a picture the House already serves",
  imageTooLarge: "The image is larger than 2 MB",
  puzzleNotFound: "Puzzle not found",
  trialNotFound: "Trial not found",
  slugTaken: (type: "puzzle" | "task", slug: string) =>
    `Another ${type === "puzzle" ? "puzzle" : "trial"} already lives at /${type}/${slug}: choose another title`,
  titleWithoutSlug: "The title needs at least one letter or digit (it names the page's address)",
  productNotFound: "Product not found",
  productNotInShop: "The shop has no such product",
  productAlreadyAdded: "This product is already in the gift guide",
  seedRefused: (what: string) =>
    `Seeding would destroy members' data: ${what}. Send {"force": true} to seed anyway (balances and ledgers are kept).`,
  deletionNotFound: "Deletion request not found",
  deletionNotConfirmed: "The member has not confirmed this request yet",
  deletionAlreadyProcessed: "This request was already processed",
  previewInstantInvalid: "Choose a valid instant to preview",
} as const;
