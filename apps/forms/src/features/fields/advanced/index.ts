/**
 * The advanced question types of the forms toolkit (docs/product/forms-toolkit.md#question-types): file upload, phone
 * with country, dynamic list, skill selector, star rating, country and state, info and instruction, e-sign and embedded
 * form, each with its view-mode counterpart. The renderer merges them with the basic types (renderer/registry.ts).
 */
import { startsAsList, startsBlank, startsUnanswered } from '../../renderer/initialValues';
import type { FieldTypes } from '../../renderer/types';
import { CountryField } from './CountryField';
import { DynamicListField, dynamicListInitialValue } from './DynamicListField';
import { EmbeddedFormField, InfoField, InstructionField } from './ContentFields';
import { EsignField } from './EsignField';
import { FileUploadField } from './FileUploadField';
import { PhoneQuestion } from './phone';
import { SkillSelectorField } from './SkillSelectorField';
import { StarRatingField } from './StarRatingField';
import { StateField } from './StateField';

export { DynamicListContext } from './DynamicListContext';
export { loadPhoneSupport, phoneSupportLoaded } from './phone';

export const advancedFieldTypes: FieldTypes = {
  file_upload: { component: FileUploadField, initialValue: startsAsList },
  fileUpload: { component: FileUploadField, initialValue: startsAsList },
  phone: { component: PhoneQuestion, initialValue: startsBlank },
  // Filled up to its minimum from the start, so that the filling is no change by the candidate.
  dynamicList: { component: DynamicListField, group: true, initialValue: dynamicListInitialValue },
  skillSelector: { component: SkillSelectorField, group: true, initialValue: startsAsList },
  star_rating: { component: StarRatingField, group: true, initialValue: startsUnanswered },
  country: { component: CountryField, initialValue: startsBlank },
  state: { component: StateField, initialValue: startsBlank },
  info: { component: InfoField, display: true },
  instruction: { component: InstructionField, display: true },
  esignForm: { component: EsignField, labelable: false, initialValue: startsUnanswered },
  embedded_form: { component: EmbeddedFormField, display: true },
};
