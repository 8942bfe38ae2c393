Feature: Thumbnails
  Listings show small pictures made once and kept in a hidden folder beside
  the images; an edited image gets a fresh one.

  Background:
    Given the source "docs" holds the image "big.jpg" of 2000x1000
    And the role "guest" may "FILES"
    And the role "guest" may "IMAGE_RESIZE"

  Scenario: The first listing makes the thumbnail
    When "guest" lists the folder "/" of the source "docs"
    Then the listing of "docs" shows "big.jpg"
    And "big.jpg" in the listing of "docs" has the thumbnail ".thumbs/big.jpg"
    And the image ".thumbs/big.jpg" of the source "docs" is 250x125

  Scenario: A listing makes only so many thumbnails; the rest show the image itself
    Given the source "docs" holds 25 images
    When "guest" lists the folder "/" of the source "docs"
    Then 20 images in the listing of "docs" have a thumbnail

  Scenario: Editing an image refreshes its thumbnail
    When "guest" lists the folder "/" of the source "docs"
    And "guest" resizes "big.jpg" of the source "docs" to width "100" and height "100"
    Then the image ".thumbs/big.jpg" of the source "docs" is 100x100
