/**
 * The advanced question types of the forms toolkit (spec 002 §3): file upload, phone with country, dynamic list,
 * skill selector, star rating, country and state, info and instruction, e-sign and embedded form, each with its
 * view-mode counterpart. The renderer merges them with the basic types (renderer/registry.ts).
 */
import type { FieldTypes } from '../../renderer/types';
import { CountryField } from './CountryField';
import { DynamicListField } from './DynamicListField';
import { EmbeddedFormField, InfoField, InstructionField } from './ContentFields';
import { EsignField } from './EsignField';
import { FileUploadField } from './FileUploadField';
import { PhoneQuestion } from './phone';
import { SkillSelectorField } from './SkillSelectorField';
import { StarRatingField } from './StarRatingField';
import { StateField } from './StateField';

export { DynamicListContext } from './DynamicListContext';
export { dynamicListInitialValue } from './DynamicListField';
export { loadPhoneSupport, phoneSupportLoaded } from './phone';

export const advancedFieldTypes: FieldTypes = {
  file_upload: { component: FileUploadField },
  fileUpload: { component: FileUploadField },
  phone: { component: PhoneQuestion },
  dynamicList: { component: DynamicListField, group: true },
  skillSelector: { component: SkillSelectorField, group: true },
  star_rating: { component: StarRatingField, group: true },
  country: { component: CountryField },
  state: { component: StateField },
  info: { component: InfoField, display: true },
  instruction: { component: InstructionField, display: true },
  esignForm: { component: EsignField, labelable: false },
  embedded_form: { component: EmbeddedFormField, display: true },
};
