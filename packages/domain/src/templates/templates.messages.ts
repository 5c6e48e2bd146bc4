import { localised } from '../i18n/catalogue';
/**
 * The catalogue's `templates` texts (issue 58): duplicating an assessment and the starter
 * library, the calls' texts and the screens'.
 */
export const templatesMessages = localised('templatesMessages', {
  // Calls
  duplicated: 'Assessment duplicated successfully',
  sourceNotFound: 'Assessment not found',
  setInvalid: 'setId must be one of the starter sets',
  setAdded: (name: string, categories: number, questions: number) =>
    `${name} added to your question bank: ${categories} ${categories === 1 ? 'category' : 'categories'} and ${questions} ${questions === 1 ? 'question' : 'questions'}`,
  setAlreadyAdded: (name: string) => `${name} is already in your question bank`,
  // Duplicate dialog
  duplicate: 'Duplicate',
  duplicateLabel: (name: string) => `Duplicate ${name}`,
  duplicateTitle: 'Duplicate assessment',
  duplicateHelp:
    'A new assessment with the same sections, questions, answer types, marks and factors. It is not shared with any company yet: edit it and share it when it is ready.',
  copyName: (name: string) => `${name} (copy)`,
  nameLabel: 'Name of the new assessment',
  dueDateLabel: 'Due date',
  cancel: 'Cancel',
  openCopy: 'Duplicate and open',
  // Starter library
  libraryMenu: 'Starter library',
  libraryTitle: 'Starter library',
  libraryIntro:
    'Ready-made sets of categories and questions for common checks. Add a set to your question bank, then edit its questions and build assessments from them as usual.',
  libraryLink: 'Starter library',
  setsLabel: 'Starter sets',
  counts: (categories: number, questions: number) => `${categories} categories · ${questions} questions`,
  inBank: (n: number, of: number) => (n === of ? 'In your question bank' : n === 0 ? 'Not in your question bank' : `${n} of ${of} questions in your question bank`),
  preview: 'Preview',
  hidePreview: 'Hide preview',
  previewOf: (name: string) => `Questions of ${name}`,
  addToBank: 'Add to my question bank',
  addToBankLabel: (name: string) => `Add ${name} to my question bank`,
  added: 'Added',
  suggestedType: 'Suggested answer',
  choices: (list: string) => `Choices: ${list}`,
  errorLoading: 'Error in fetching the starter library',
  answerTypes: {
    shortAnswer: 'Short answer',
    longAnswer: 'Long answer',
    numeric: 'Number',
    checkbox: 'Checkboxes',
    multiChoice: 'One choice',
    yesNo: 'Yes / No',
  },
} as const);
