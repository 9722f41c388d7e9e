/// Every prompt, menu item and confirmation the box says in its own words. Each language's table
/// (`WordTable`) has a template for every key; `{1}`, `{2}`… are filled by `BoxWords` with numbers,
/// counted words ("5 minutes"), other words of the box, or a book's own text.
public enum PhraseKey: String, CaseIterable, Sendable {
  // Opening, reading and stopping.
  case noBookOpen, noBookPressMenu, pressPlayToRead, pressPlayToStartOver, stopped, stoppedPlayGoesOn
  case endOfBook, finishedBook, reading, fromTheBeginning, cannotOpenBook, sleptBack
  case speed, fastest, slowest
  // Time and amounts.
  case lessThanAMinute, timeAnd, timeLeft, stopsAtChapterEnd, unknown, on, off
  // Where am I, undo and places.
  case page, noteNearby, sleepTimerIs, leftInChapter, leftInBook, roughly, chapterNumber, backTo, nothingToUndo
  case noChapters, noPageNumbers, lastChapter, firstChapter
  // Menu pages' titles.
  case menuTitle, booksTitle, goToTitle, chaptersTitle, percentTitle, pagesTitle, bookmarksTitle, bookmarkTitle
  case speedTitle, voiceTitle, soundTitle, volumeTitle, pitchTitle, sleepTimerTitle, displayTitle, aboutTitle
  case languageTitle
  // Menu items and what choosing them says.
  case itemOfCount, menuClosed, backToReading, keyDescriberItem, speedItem, voiceItem, sleepTimerItem
  case languageItem, languageChosen
  case noBooksFound, noBooksFoundHelp, bookCannotBeOpenedItem, bookCannotBeOpened, opening
  case goToChapters, goToPercent, goToPages
  case speedChosen, voiceChosen, noOtherVoices, volumeChosen, pitchChosen, pitchValue
  case sleepAtChapterEnd, sleepTimerOff, noChapterToEnd, readingStopsIn, readingStopsAtChapterEnd
  case addBookmarkHere, bookmarkListItem, goToBookmark, deleteBookmark, bookmarkPlace
  case noBookForBookmark, bookmarkAlreadyHere, bookmarkAdded, bookmarkDeleted
  case volumeItem, pitchItem, earconsItem, earconsOn, earconsOff
  case version, versionFindingOut, freeSpace, findingOut
  case bigWordItem, textSizeItem, nightItem, displayItem, bigWordOn, bigWordOff, textSizeChosen
  case nightOn, nightOff, displayOn, displayOff
  case textSizeSmall, textSizeNormal, textSizeLarge, textSizeLarger
  // The key describer.
  case keyDescriberOn, keyDescriberOff, doesNothingHere, controlSaid, controlHeldSaid
  case knob, knobPush, knobPushedIn, knobBySentence, knobByParagraph, knobByChapter, knobByPage, knobByLevel
  case knobByTenSeconds, knobByMinute, moveByTenSeconds, moveByMinute, intoChapter
  case knobInMenu, knobPushedInMenu, describeChooseUnit
  case moveBySentence, moveByParagraph, moveByChapter, moveByPage, moveByLevel
  case describePlayPause, describeWhereAmI, describeStop, describeStartOver, describeNextSentence
  case describePreviousSentence, describeNextChapter, describePreviousChapter, describeFaster, describeSlower
  case describeOpenMenu, describeBigWord, describeShowStatus, describeUndo, describeKeyDescriber
  case describeMenuNext, describeMenuPrevious, describeMenuChoose, describeMenuBack
  // The display's own words.
  case shownSpeechStopped, shownNoBook, shownEndOfBook, shownFinished, shownReading, shownPaused, shownStopped
  // Updates from a stick.
  case updateOffered, updateInstalling, updateProgress, updateStillInstalling, updateRestarting, updateFailed
  case updateNotInstalled, updatedTo, updateFellBack, updateNotSigned, updateForAnotherBox, updateUnreadable
  // Parts of the box that are missing, said with the greeting.
  case displayNotWorking, noControlsFound, controlsNotWorking
}

/// A word said after a number, in the forms the number asks for ("1 minute", "5 minutes").
public enum CountedNoun: String, CaseIterable, Sendable {
  case minute, hour, wordsPerMinute, percent, megabyte, gigabyte
}
